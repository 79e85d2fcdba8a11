import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import { readsAgain } from '../../testing/reads-again';
import type { VideosAction } from '../../state/videos-reducer';
import { addToWatchLater } from './watch-later-service';

const video = { _id: 'PkZNo7MFNFg' } as never;

describe('saving a video for later', () => {
  beforeEach(signInToMockBackend);

  it('already saved elsewhere (409): fails as before, and the list is read again', async () => {
    await api.call('POST /api/user/watchlater', { body: { video } });
    const reads = readsAgain();
    const dispatch = vi.fn<(action: VideosAction) => void>();
    expect(await addToWatchLater(video, dispatch)).toBe(false);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    expect(reads).toEqual(['GET /api/user/watchlater']);
  });
});
