import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import type { VideosAction } from '../../state/videos-reducer';
import { recordWatch } from './history-service';

const video = { _id: 'yLZazznWoAs' } as never;

describe('recording a watch', () => {
  beforeEach(signInToMockBackend);

  it('already in the history elsewhere (409): the error action, then the history caught up', async () => {
    await api.call('POST /api/user/history', { body: { video } });
    const dispatch = vi.fn<(action: VideosAction) => void>();
    await recordWatch(video, [], dispatch);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    expect(dispatch).toHaveBeenCalledWith({
      type: 'GET_HISTORY',
      payload: [expect.objectContaining({ _id: 'yLZazznWoAs' })],
    });
  });
});
