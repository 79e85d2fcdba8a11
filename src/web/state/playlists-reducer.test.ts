import { describe, expect, it } from 'vitest';
import { buildPlaylist, buildVideo } from '../testing/factories';
import { initialPlaylistsState, playlistsReducer } from './playlists-reducer';

describe('playlistsReducer', () => {
  it('GET_ALL_PLAYLISTS, CREATE_PLAYLIST and DELETE_PLAYLIST take the server list', () => {
    const [a, b] = [buildPlaylist(), buildPlaylist()];
    const loading = playlistsReducer(initialPlaylistsState, { type: 'LOADING' });
    expect(loading.loading).toBe(true);
    const loaded = playlistsReducer(loading, { type: 'GET_ALL_PLAYLISTS', payload: [a] });
    expect(loaded).toEqual({ playlists: [a], loading: false, error: null });
    const created = playlistsReducer(loaded, { type: 'CREATE_PLAYLIST', payload: [a, b] });
    expect(created.playlists).toEqual([a, b]);
    expect(playlistsReducer(created, { type: 'DELETE_PLAYLIST', payload: [b] }).playlists).toEqual([
      b,
    ]);
  });

  it('adding or removing a video replaces only that playlist', () => {
    const [a, b] = [buildPlaylist(), buildPlaylist()];
    const video = buildVideo();
    const withVideo = { ...a, videos: [video] };
    const added = playlistsReducer(
      { ...initialPlaylistsState, playlists: [a, b] },
      { type: 'ADD_VIDEO_TO_PLAYLIST', payload: withVideo },
    );
    expect(added.playlists).toEqual([withVideo, b]);
    const removed = playlistsReducer(added, { type: 'DELETE_VIDEO_FROM_PLAYLIST', payload: a });
    expect(removed.playlists).toEqual([a, b]);
  });

  it('ERROR keeps the error; CLEAR_USER_DATA empties everything', () => {
    const failed = playlistsReducer(initialPlaylistsState, { type: 'ERROR', payload: 'x' });
    expect(failed).toMatchObject({ error: 'x', loading: false });
    const full = { ...initialPlaylistsState, playlists: [buildPlaylist()] };
    expect(playlistsReducer(full, { type: 'CLEAR_USER_DATA' })).toEqual(initialPlaylistsState);
  });
});
