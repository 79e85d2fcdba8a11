/**
 * The request tester's stored history without the values of its authorization headers: a logout
 * drops them (state/auth-storage.ts, features/tester/use-tester-history.ts), so no session's
 * token outlives it in the browser's storage. Here, not in features/tester, so the app's logout
 * (state/) can import it.
 */

/** Where the history lives in the browser. */
export const HISTORY_STORAGE_KEY = 'codetube:tester-history';

type Headers = Record<string, string>;

const isAuthorization = (name: string) => name.trim().toLowerCase() === 'authorization';

/** The headers with every authorization value emptied (the row is kept, its value not). */
export function withoutAuthorization<Entry extends { headers: Headers }>(entry: Entry): Entry {
  if (!Object.entries(entry.headers).some(([name, value]) => isAuthorization(name) && value !== ''))
    return entry;
  const headers: Headers = {};
  for (const [name, value] of Object.entries(entry.headers))
    headers[name] = isAuthorization(name) ? '' : value;
  return { ...entry, headers };
}

const hasHeaders = (value: unknown): value is { headers: Headers } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { headers?: unknown }).headers === 'object' &&
  (value as { headers?: unknown }).headers !== null;

/** Empties the authorization values of the stored history; storage that fails is left as it is. */
export function dropStoredAuthorizations(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
): void {
  try {
    const stored = storage.getItem(HISTORY_STORAGE_KEY);
    if (stored === null) return;
    const parsed = JSON.parse(stored) as unknown;
    if (!Array.isArray(parsed)) return;
    const cleaned = parsed.map((entry: unknown) =>
      hasHeaders(entry) ? withoutAuthorization(entry) : entry,
    );
    if (cleaned.some((entry, index) => entry !== parsed[index]))
      storage.setItem(HISTORY_STORAGE_KEY, JSON.stringify(cleaned));
  } catch {
    // Unreadable history: the tester drops it when it reads it; a token inside cannot be found.
    storage.removeItem(HISTORY_STORAGE_KEY);
  }
}
