import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setTokenSource } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import { readsAgain } from '../../testing/reads-again';
import type { VideosAction } from '../../state/videos-reducer';
import { toggleLike } from './likes-service';

const video = { _id: '1PnVor36_40' } as never;

describe('liking a video', () => {
  beforeEach(signInToMockBackend);

  it('already liked elsewhere (409): fails as before, and the likes are read again', async () => {
    // Another tab liked it; this one still shows 'Like'.
    await api.call('POST /api/user/likes', { body: { video } });
    const reads = readsAgain();
    const dispatch = vi.fn<(action: VideosAction) => void>();
    expect(await toggleLike(video, false, dispatch)).toBe(false);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    expect(reads).toEqual(['GET /api/user/likes']);
  });

  it('any other failure does not refetch', async () => {
    setTokenSource(() => 'not-a-token');
    const reads = readsAgain();
    const dispatch = vi.fn<(action: VideosAction) => void>();
    expect(await toggleLike(video, false, dispatch)).toBe(false);
    expect(dispatch.mock.calls.map(([action]) => action.type)).toEqual(['ERROR']);
    expect(reads).toEqual([]);
  });
});
