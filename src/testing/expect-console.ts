import { vi } from 'vitest';

/**
 * Says a test expects to log through `console[kind]` (the console guard fails tests that log
 * unasked). Silences it for the rest of the test and returns the spy, to check what was logged.
 */
export function expectConsole(kind: 'error' | 'warn' = 'error') {
  return vi.spyOn(console, kind).mockImplementation(() => undefined);
}
