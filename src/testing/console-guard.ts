/**
 * Vitest setup file (vite.config.ts, every project): a test that logs a `console.error` or
 * `console.warn` it did not ask for fails. A test that expects one says so first, with
 * `expectConsole('error')` (./expect-console.ts) or its own `vi.spyOn(console, 'error')` with a
 * `mockImplementation`: the spy stands in front of the guard, so what it catches never reaches it.
 */
import { afterEach, beforeEach } from 'vitest';
import { format } from 'node:util';

const guarded = ['error', 'warn'] as const;
type Guarded = (typeof guarded)[number];

const original: Record<Guarded, (...args: unknown[]) => void> = {
  error: console.error.bind(console),
  warn: console.warn.bind(console),
};
let unexpected: string[] = [];

function install() {
  for (const kind of guarded) {
    console[kind] = (...args: unknown[]) => {
      unexpected.push(`console.${kind}: ${format(...args)}`);
      original[kind](...args);
    };
  }
}

// Installed at once, so what a file logs while it loads or in beforeAll is counted against its
// first test; installed again before each test, so a spy a test left behind never hides the next
// test's logs.
install();

beforeEach(() => {
  install();
});

afterEach(() => {
  const logged = unexpected;
  unexpected = [];
  if (logged.length > 0) {
    throw new Error(
      `The test logged ${logged.length} unexpected console message(s); if they are expected, ` +
        `call expectConsole() (src/testing/expect-console.ts) first.\n${logged.join('\n')}`,
    );
  }
});
