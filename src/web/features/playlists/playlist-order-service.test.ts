import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Playlist, Video } from '../../../contract/entities';
import { api } from '../../lib/api-client';
import type { PlaylistsAction } from '../../state/playlists-reducer';
import { signInToMockBackend } from '../../testing/mock-session';
import { readsAgain } from '../../testing/reads-again';
import { moveVideo, reorderPlaylist } from './playlist-order-service';

const ids = (videos: readonly Video[]) => videos.map((video) => video._id);
const videoOf = (_id: string) => ({ _id }) as Video;
const [a, b, c] = [videoOf('pQN-pnXPaVg'), videoOf('No8qdcVYiQw'), videoOf('1PnVor36_40')] as const;

/** A playlist on the mock backend holding a, b and c, as the server answers it. */
async function playlistOfThree(): Promise<Playlist> {
  const { playlists } = (
    await api.call('POST /api/user/playlists', { body: { playlist: { title: 'Order' } } })
  ).data;
  const playlistId = playlists.at(-1)!._id;
  let playlist = playlists.at(-1)!;
  for (const video of [a, b, c]) {
    playlist = (
      await api.call('POST /api/user/playlists/{playlistId}', {
        params: { playlistId },
        body: { video },
      })
    ).data.playlist;
  }
  return playlist;
}

describe('moving a video in a list', () => {
  it('moves one to another index, staying inside the list', () => {
    const list = [a, b, c];
    expect(ids(moveVideo(list, 2, 0))).toEqual([c._id, a._id, b._id]);
    expect(ids(moveVideo(list, 0, 1))).toEqual([b._id, a._id, c._id]);
    expect(ids(moveVideo(list, 0, -1))).toEqual(ids(list));
    expect(ids(moveVideo(list, 2, 5))).toEqual(ids(list));
  });
});

describe("changing a playlist's order", () => {
  beforeEach(signInToMockBackend);

  it('shows the new order at once, then keeps what the server saved', async () => {
    const playlist = await playlistOfThree();
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    const order = [c, ...playlist.videos.slice(0, 2)];
    expect(await reorderPlaylist(playlist, order, dispatch)).toBe(true);
    const shown = dispatch.mock.calls.map(([action]) =>
      action.type === 'REORDER_PLAYLIST' ? ids(action.payload.videos) : action.type,
    );
    expect(shown).toEqual([
      [c._id, a._id, b._id],
      [c._id, a._id, b._id],
    ]);
    const read = await api.call('GET /api/user/playlists/{playlistId}', {
      params: { playlistId: playlist._id },
    });
    expect(ids(read.data.playlist.videos)).toEqual([c._id, a._id, b._id]);
  });

  it('moves made quickly go in turn, and the last one is what stays', async () => {
    const playlist = await playlistOfThree();
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    const first = moveVideo(playlist.videos, 0, 1);
    const second = moveVideo(first, 1, 2);
    const results = await Promise.all([
      reorderPlaylist(playlist, first, dispatch),
      reorderPlaylist({ ...playlist, videos: first }, second, dispatch),
    ]);
    expect(results).toEqual([true, true]);
    const last = dispatch.mock.calls.at(-1)![0];
    expect(last.type === 'REORDER_PLAYLIST' && ids(last.payload.videos)).toEqual([
      b._id,
      c._id,
      a._id,
    ]);
  });

  it('changed elsewhere meanwhile (409): the playlists are read again, nothing is lost', async () => {
    const playlist = await playlistOfThree();
    await api.call('DELETE /api/user/playlists/{playlistId}/{videoId}', {
      params: { playlistId: playlist._id, videoId: b._id },
    });
    const reads = readsAgain();
    const dispatch = vi.fn<(action: PlaylistsAction) => void>();
    expect(await reorderPlaylist(playlist, [c, b, a], dispatch)).toBe(false);
    expect(dispatch).toHaveBeenCalledWith({ type: 'ERROR', payload: expect.anything() });
    expect(reads).toEqual(['GET /api/user/playlists']);
  });
});
