import type { Transport } from '../lib/api-client';
import { browserStorage, localStore } from '../lib/safe-storage';
import { createMockBackend, MOCK_STORAGE_KEY, type MockBackend } from './mock-backend';
import { readMockDelay } from './mock-delay';
import { readMockScenarios } from './mock-scenarios';
import { createMockTransport } from './mock-transport';

let installed: MockBackend | undefined;

/** The running mock backend, for the mock panel; undefined in server mode. */
export function installedMockBackend(): MockBackend | undefined {
  return installed;
}

/**
 * Starts the in-page backend and routes same-origin /api requests to it: the app's API client
 * through the returned transport, and any other script's `fetch('/api/…')` through the patched
 * `window.fetch` (the request tester, a developer's console).
 */
export async function installMockBackend(): Promise<Transport> {
  // Site data blocked: the backend runs on its seed and saves nothing.
  const backend = await createMockBackend(browserStorage());
  installed = backend;
  const mockFetch = createMockTransport({
    handle: (request) => backend.handle(request),
    network: window.fetch.bind(window),
    origin: window.location.origin,
    delayMs: readMockDelay,
    scenarios: () => readMockScenarios(localStore),
  });
  window.fetch = mockFetch;
  // Another tab of the app wrote the mock's data: pick it up rather than overwrite it later.
  window.addEventListener('storage', (event) => {
    if (event.key === MOCK_STORAGE_KEY) void backend.reload();
  });
  return (request) => mockFetch(request);
}
