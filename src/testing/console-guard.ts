/**
 * Vitest setup file (vite.config.ts, every project): a test that logs a `console.error` or
 * `console.warn` it did not ask for fails. A test that expects one says so first, with
 * `expectConsole('error')` (./expect-console.ts) or its own `vi.spyOn(console, 'error')` with a
 * `mockImplementation`: the spy stands in front of the guard, so what it catches never reaches it.
 * What a file logs after its last test (in afterAll, or from work left running) fails the file.
 */
import { afterAll, afterEach, beforeEach } from 'vitest';
import { format } from 'node:util';

const guarded = ['error', 'warn'] as const;
type Guarded = (typeof guarded)[number];

// The console's own methods, kept once per worker: where test files share a worker (the dom
// project's `isolate: false`) this file runs again for each, after the last one's install.
const keeper = globalThis as { consoleBeforeGuard?: Record<Guarded, (...args: unknown[]) => void> };
const original = (keeper.consoleBeforeGuard ??= {
  error: console.error.bind(console),
  warn: console.warn.bind(console),
});
let unexpected: string[] = [];

function install() {
  for (const kind of guarded) {
    console[kind] = (...args: unknown[]) => {
      unexpected.push(`console.${kind}: ${format(...args)}`);
      original[kind](...args);
    };
  }
}

/**
 * Throws when anything was logged unasked since the last check, and starts counting afresh. `when`
 * says where the messages were logged: by the test, or after the file's last test.
 */
export function checkConsole(when = 'The test'): void {
  const logged = unexpected;
  unexpected = [];
  if (logged.length > 0) {
    throw new Error(
      `${when} logged ${logged.length} unexpected console message(s); if they are expected, ` +
        `call expectConsole() (src/testing/expect-console.ts) first.\n${logged.join('\n')}`,
    );
  }
}

// Installed at once, so what a file logs while it loads or in beforeAll is counted against its
// first test; installed again before each test, so a spy a test left behind never hides the next
// test's logs.
install();

beforeEach(() => {
  install();
});

// Installed again after the check, so the file's afterAll hooks log through the guard too, not
// through a spy the last test left behind.
afterEach(() => {
  try {
    checkConsole();
  } finally {
    install();
  }
});

// This file's hooks are registered before the test file's own, and after-hooks run in reverse
// order, so this one runs last: it reports what the file logged in its afterAll hooks, or what
// work left running logged after the last test had ended.
afterAll(() => {
  checkConsole('The file, after its last test,');
});
