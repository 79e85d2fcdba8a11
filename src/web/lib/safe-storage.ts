/**
 * The browser's localStorage, used without ever throwing. Storage can be refused outright (site
 * data blocked: merely reading `window.localStorage` throws a SecurityError) or full (a write
 * throws QuotaExceededError); either way the app keeps working, it just remembers nothing.
 */

/** localStorage, or undefined when the browser refuses it. */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Web Storage methods the app uses, made safe: a read gives null when storage cannot be read,
 * and a write or removal answers whether it happened instead of throwing.
 */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): boolean;
  removeItem(key: string): boolean;
  /** Every key kept, or none when storage cannot be read. */
  keys(): string[];
}

/** A SafeStorage over the storage `source` gives (each call asks again: it may throw any time). */
export function safeStorage(source: () => Storage | undefined = browserStorage): SafeStorage {
  return {
    getItem(key) {
      try {
        return source()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = source();
        storage?.setItem(key, value);
        return storage !== undefined;
      } catch {
        return false;
      }
    },
    removeItem(key) {
      try {
        const storage = source();
        storage?.removeItem(key);
        return storage !== undefined;
      } catch {
        return false;
      }
    },
    keys() {
      try {
        const storage = source();
        if (!storage) return [];
        const keys: string[] = [];
        for (let index = 0; index < storage.length; index += 1) {
          const key = storage.key(index);
          if (key !== null) keys.push(key);
        }
        return keys;
      } catch {
        return [];
      }
    },
  };
}

/** The app's localStorage. */
export const localStore: SafeStorage = safeStorage();
