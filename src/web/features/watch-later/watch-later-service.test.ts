import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import type { VideosAction } from '../../state/videos-reducer';
import { addToWatchLater } from './watch-later-service';

const video = { _id: 'PkZNo7MFNFg' } as never;

describe('saving a video for later', () => {
  beforeEach(signInToMockBackend);

  it('already saved elsewhere (409): fails as before, then catches the list up', async () => {
    await api.call('POST /api/user/watchlater', { body: { video } });
    const dispatch = vi.fn<(action: VideosAction) => void>();
    expect(await addToWatchLater(video, dispatch)).toBe(false);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    expect(dispatch).toHaveBeenCalledWith({
      type: 'GET_WATCH_LATER',
      payload: [expect.objectContaining({ _id: 'PkZNo7MFNFg' })],
    });
  });
});
