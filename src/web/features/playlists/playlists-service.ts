import type { Playlist, Video } from '../../../contract/entities';
import type { PlaylistResponse, PlaylistsResponse } from '../../../contract/responses';
import { api } from '../../lib/api-client';
import { ADDED, DELETED, accept, withToasts } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';
import { playlistTexts } from './playlist-texts';

type Dispatch = Dispatchers['playlists'];
const reportTo = (dispatch: Dispatch) => (error: unknown) =>
  dispatch({ type: 'ERROR', payload: error });
const playlistPath = (playlistId: string) =>
  `/api/user/playlists/${encodeURIComponent(playlistId)}`;

/** Creates an empty playlist; resolves to it, or to undefined when creating failed. */
export async function createPlaylist(
  title: string,
  dispatch: Dispatch,
): Promise<Playlist | undefined> {
  let created: Playlist | undefined;
  await withToasts(
    { loading: playlistTexts.creating, success: playlistTexts.created },
    async () => {
      const { playlists } = accept(
        await api.post<PlaylistsResponse>('/api/user/playlists', { playlist: { title } }),
        ADDED,
      );
      dispatch({ type: 'CREATE_PLAYLIST', payload: playlists });
      // The answer lists the user's playlists oldest first; the newest of this title is the new
      // one even when another tab created one meanwhile (the API may also store the title
      // tidied, hence the fallback to the newest of all).
      created = playlists.findLast((playlist) => playlist.title === title) ?? playlists.at(-1);
    },
    reportTo(dispatch),
  );
  return created;
}

/** Deletes a playlist. */
export function deletePlaylist(playlistId: string, dispatch: Dispatch) {
  return withToasts(
    { loading: playlistTexts.deleting, success: playlistTexts.deleted },
    async () => {
      const { playlists } = accept(
        await api.delete<PlaylistsResponse>(playlistPath(playlistId)),
        DELETED,
      );
      dispatch({ type: 'DELETE_PLAYLIST', payload: playlists });
    },
    reportTo(dispatch),
  );
}

/** Adds a video to a playlist. */
export function addVideoToPlaylist(playlistId: string, video: Video, dispatch: Dispatch) {
  return withToasts(
    { loading: playlistTexts.adding, success: playlistTexts.added },
    async () => {
      const { playlist } = accept(
        await api.post<PlaylistResponse>(playlistPath(playlistId), { video }),
        ADDED,
      );
      dispatch({ type: 'ADD_VIDEO_TO_PLAYLIST', payload: playlist });
    },
    reportTo(dispatch),
  );
}

/** Removes a video from a playlist. */
export function removeVideoFromPlaylist(playlistId: string, videoId: string, dispatch: Dispatch) {
  return withToasts(
    { loading: playlistTexts.removing, success: playlistTexts.removed },
    async () => {
      const { playlist } = accept(
        await api.delete<PlaylistResponse>(
          `${playlistPath(playlistId)}/${encodeURIComponent(videoId)}`,
        ),
        DELETED,
      );
      dispatch({ type: 'DELETE_VIDEO_FROM_PLAYLIST', payload: playlist });
    },
    reportTo(dispatch),
  );
}
