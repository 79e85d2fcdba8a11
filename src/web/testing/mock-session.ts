import { TEST_ACCOUNT } from '../../contract/limits';
import { api, setTokenSource, setTransport } from '../lib/api-client';
import { createMockBackend, type MockBackend } from '../mock/mock-backend';

/**
 * Points the API client at a fresh in-page mock backend (on an emptied localStorage) and signs
 * in with the test account: what a service test needs to call the real API code as a user.
 * Resolves to the backend, for a test that puts its own transport in front of it.
 */
export async function signInToMockBackend(): Promise<MockBackend> {
  localStorage.clear();
  const backend = await createMockBackend(localStorage);
  setTransport((request) => backend.handle(request));
  setTokenSource(() => null);
  const { encodedToken } = (await api.call('POST /api/auth/login', { body: TEST_ACCOUNT })).data;
  setTokenSource(() => encodedToken);
  return backend;
}
