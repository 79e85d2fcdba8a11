import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import type { PlaylistsAction } from '../../state/playlists-reducer';
import { addVideoToPlaylist } from './playlists-service';

const video = { _id: 'No8qdcVYiQw' } as never;

describe('adding a video to a playlist', () => {
  beforeEach(signInToMockBackend);

  it('already in it (added elsewhere, 409): fails as before, then catches the playlists up', async () => {
    const { playlists } = (
      await api.call('POST /api/user/playlists', { body: { playlist: { title: 'Later' } } })
    ).data;
    const playlistId = playlists.at(-1)!._id;
    await api.call('POST /api/user/playlists/{playlistId}', {
      params: { playlistId },
      body: { video },
    });
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    expect(await addVideoToPlaylist(playlistId, video, dispatch)).toBe(false);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    const caughtUp = dispatch.mock.calls
      .map(([action]) => action)
      .find((action) => action.type === 'GET_ALL_PLAYLISTS');
    const refreshed = caughtUp?.payload.find((playlist) => playlist._id === playlistId);
    expect(refreshed?.videos).toEqual([expect.objectContaining({ _id: 'No8qdcVYiQw' })]);
  });
});
