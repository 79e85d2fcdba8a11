import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { signInToMockBackend } from '../../testing/mock-session';
import { readsAgain } from '../../testing/reads-again';
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

  it('already in it (added elsewhere, 409): fails as before, and the playlists are read again', async () => {
    const { playlists } = (
      await api.call('POST /api/user/playlists', { body: { playlist: { title: 'Later' } } })
    ).data;
    const playlistId = playlists.at(-1)!._id;
    await api.call('POST /api/user/playlists/{playlistId}', {
      params: { playlistId },
      body: { video },
    });
    const reads = readsAgain();
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    expect(await addVideoToPlaylist(playlistId, video, dispatch)).toBe(false);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    expect(reads).toEqual(['GET /api/user/playlists']);
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

  /** What the failure did: the store's error action, and which lists it read again. */
  async function refetched(act: (dispatch: (action: PlaylistsAction) => void) => Promise<boolean>) {
    const reads = readsAgain();
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    expect(await act(dispatch)).toBe(false);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    return reads;
  }

  it('ticking it in the save modal (404) fails as before, and the playlists are read again', async () => {
    const gone = await deletedElsewhere();
    const reads = await refetched((dispatch) =>
      addVideoToPlaylist(gone._id, { _id: 'pQN-pnXPaVg' } as never, dispatch),
    );
    expect(reads).toEqual(['GET /api/user/playlists']);
  });

  it('unticking it, or deleting it, does the same', async () => {
    const gone = await deletedElsewhere();
    const removing = await refetched((dispatch) =>
      removeVideoFromPlaylist(gone._id, video, dispatch, [gone]),
    );
    expect(removing).toEqual(['GET /api/user/playlists']);
    const deleting = await refetched((dispatch) => deletePlaylist(gone, dispatch));
    expect(deleting).toEqual(['GET /api/user/playlists']);
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
