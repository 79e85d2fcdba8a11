import { afterEach, beforeEach, vi } from 'vitest';
import { PHONE_QUERY } from '../lib/use-media-query';

/**
 * The file's tests run on a phone: PHONE_QUERY matches in the browser (the server cannot know it
 * and renders as if it did not). Each test ends with the stub gone and an empty body.
 */
export function onAPhone(): void {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PHONE_QUERY,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });
}
