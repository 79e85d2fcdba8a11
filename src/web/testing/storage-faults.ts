import { vi } from 'vitest';

/**
 * Site data blocked: reading `window.localStorage` throws a SecurityError, as browsers do. Returns
 * the function that puts localStorage back.
 */
export function blockLocalStorage(): () => void {
  const own = Object.getOwnPropertyDescriptor(window, 'localStorage');
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        'SecurityError',
      );
    },
  });
  return () => {
    if (own) Object.defineProperty(window, 'localStorage', own);
    else Reflect.deleteProperty(window, 'localStorage');
  };
}

/** Storage full: every write throws QuotaExceededError (vi.restoreAllMocks() undoes it). */
export function fillLocalStorage(): void {
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key: string) => {
    throw new DOMException(
      `Failed to execute 'setItem' on 'Storage': Setting the value of '${key}' exceeded the quota.`,
      'QuotaExceededError',
    );
  });
}
