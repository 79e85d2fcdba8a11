import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import { readsAgain } from '../../testing/reads-again';
import type { VideosAction } from '../../state/videos-reducer';
import { recordWatch } from './history-service';

const video = { _id: 'yLZazznWoAs' } as never;

describe('recording a watch', () => {
  beforeEach(signInToMockBackend);

  it('already in the history elsewhere (409): the error action, and the history read again', async () => {
    await api.call('POST /api/user/history', { body: { video } });
    const reads = readsAgain();
    const dispatch = vi.fn<(action: VideosAction) => void>();
    await recordWatch(video, [], dispatch);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    expect(reads).toEqual(['GET /api/user/history']);
  });
});
