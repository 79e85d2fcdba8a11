import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import type { PlaylistsAction } from '../../state/playlists-reducer';
import {
  addVideoToPlaylist,
  deletePlaylist,
  removeVideoFromPlaylist,
  restorePlaylist,
} from './playlists-service';

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

describe('a playlist deleted elsewhere (another tab, another device)', () => {
  beforeEach(signInToMockBackend);

  /** Makes a playlist holding the video, deletes it on the server, and returns it as this tab had it. */
  async function deletedElsewhere() {
    const { playlists } = (
      await api.call('POST /api/user/playlists', { body: { playlist: { title: 'Gone' } } })
    ).data;
    const playlistId = playlists.at(-1)!._id;
    const { playlist } = (
      await api.call('POST /api/user/playlists/{playlistId}', {
        params: { playlistId },
        body: { video },
      })
    ).data;
    await api.call('DELETE /api/user/playlists/{playlistId}', { params: { playlistId } });
    return playlist;
  }

  /** What the failure told the store: its error, and the playlists fetched again. */
  function refetched(dispatch: ReturnType<typeof vi.fn<(action: PlaylistsAction) => void>>) {
    const actions = dispatch.mock.calls.map(([action]) => action);
    expect(actions).toContainEqual({ type: 'ERROR', payload: expect.anything() });
    const caughtUp = actions.find((action) => action.type === 'GET_ALL_PLAYLISTS');
    return caughtUp?.payload.map((playlist) => playlist.title);
  }

  it('ticking it in the save modal (404) fails as before, and the playlists no longer have it', async () => {
    const gone = await deletedElsewhere();
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    expect(await addVideoToPlaylist(gone._id, { _id: 'pQN-pnXPaVg' } as never, dispatch)).toBe(
      false,
    );
    expect(refetched(dispatch)).toEqual([]);
  });

  it('unticking it, or deleting it, does the same', async () => {
    const gone = await deletedElsewhere();
    const removing = vi.fn<(action: PlaylistsAction) => void>();
    expect(await removeVideoFromPlaylist(gone._id, video, removing, [gone])).toBe(false);
    expect(refetched(removing)).toEqual([]);
    const deleting = vi.fn<(action: PlaylistsAction) => void>();
    expect(await deletePlaylist(gone, deleting)).toBe(false);
    expect(refetched(deleting)).toEqual([]);
  });
});

describe('Undo of a deleted playlist', () => {
  beforeEach(signInToMockBackend);

  it('makes it again with its videos, skipping one that left the catalogue meanwhile', async () => {
    const first = { _id: 'No8qdcVYiQw' } as never;
    const last = { _id: 'pQN-pnXPaVg' } as never;
    const deleted = {
      _id: 'old-id',
      title: 'Kept in order',
      videos: [first, { _id: 'left-the-catalogue' } as never, last],
    };
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    expect(await restorePlaylist(deleted, dispatch)).toBe(true);
    const { playlists } = (await api.call('GET /api/user/playlists')).data;
    const restored = playlists.find((playlist) => playlist.title === 'Kept in order');
    expect(restored?.videos.map((item) => item._id)).toEqual(['No8qdcVYiQw', 'pQN-pnXPaVg']);
  });
});
