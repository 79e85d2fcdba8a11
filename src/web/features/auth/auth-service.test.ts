import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource, setTransport } from '../../lib/api-client';
import { createMockBackend } from '../../mock/mock-backend';
import type { AuthAction } from '../../state/auth-reducer';
import { signUp } from './auth-service';

function recordingDispatchers() {
  return { auth: vi.fn<(action: AuthAction) => void>(), videos: vi.fn(), playlists: vi.fn() };
}

const details = { firstName: 'Ada', lastName: 'Lovelace', password: 'engine-1' };

describe('signing up', () => {
  beforeEach(async () => {
    localStorage.clear();
    const backend = await createMockBackend(localStorage);
    setTransport((request) => backend.handle(request));
    setTokenSource(() => null);
  });

  it("clears an earlier attempt's error once the account is made", async () => {
    const dispatchers = recordingDispatchers();
    expect(await signUp({ ...details, email: 'test@codetube.dev' }, dispatchers)).toBe(false);
    expect(dispatchers.auth).toHaveBeenLastCalledWith({
      type: 'AUTH_ERROR',
      payload: 'Unprocessable Entity. Email Already Exists.',
    });
    expect(await signUp({ ...details, email: 'ada@example.com' }, dispatchers)).toBe(true);
    expect(dispatchers.auth).toHaveBeenLastCalledWith({ type: 'CLEAR_AUTH_ERROR' });
  });
});
