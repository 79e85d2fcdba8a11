import { TEST_ACCOUNT } from '../../contract/limits';
import { api, setTokenSource, setTransport } from '../lib/api-client';
import { createMockBackend } from '../mock/mock-backend';

/**
 * Points the API client at a fresh in-page mock backend (on an emptied localStorage) and signs
 * in with the test account: what a service test needs to call the real API code as a user.
 */
export async function signInToMockBackend(): Promise<void> {
  localStorage.clear();
  const backend = await createMockBackend(localStorage);
  setTransport((request) => backend.handle(request));
  setTokenSource(() => null);
  const { encodedToken } = (await api.call('POST /api/auth/login', { body: TEST_ACCOUNT })).data;
  setTokenSource(() => encodedToken);
}
