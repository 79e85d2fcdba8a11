import type { Playlist, Video } from '../../../contract/entities';
import { apiErrors } from '../../../contract/errors';
import { api, ApiRequestError, firstError, readAgain } from '../../lib/api-client';
import { ADDED, DELETED, accept, catchingUp, withToasts } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';
import { playlistTexts } from './playlist-texts';

type Dispatch = Dispatchers['playlists'];
const reportTo = (dispatch: Dispatch) => (error: unknown) =>
  dispatch({ type: 'ERROR', payload: error });

/**
 * The playlist just created, from the answer that lists the user's playlists oldest first: the
 * newest of its title, even when another tab created one meanwhile (the API may also store the
 * title tidied, hence the fallback to the newest of all).
 */
const newestTitled = (playlists: Playlist[], title: string) =>
  playlists.findLast((playlist) => playlist.title === title) ?? playlists.at(-1);

/**
 * The status of a call about a playlist that is no longer there (deleted in another tab or on
 * another device): the failure goes on as before, and the playlists are fetched again so it leaves
 * the screen (the save modal, the playlists page) rather than be offered again.
 */
const PLAYLIST_GONE = [404] as const;

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
        await api.call('POST /api/user/playlists', { body: { playlist: { title } } }),
        ADDED,
      );
      dispatch({ type: 'CREATE_PLAYLIST', payload: playlists });
      created = newestTitled(playlists, title);
    },
    reportTo(dispatch),
  );
  return created;
}

/** Deletes a playlist; Undo makes it again, with the same name and videos in the same order. */
export function deletePlaylist(playlist: Playlist, dispatch: Dispatch) {
  return withToasts(
    { loading: playlistTexts.deleting, success: playlistTexts.deleted },
    catchingUp(
      async () => {
        const { playlists } = accept(
          await api.call('DELETE /api/user/playlists/{playlistId}', {
            params: { playlistId: playlist._id },
          }),
          DELETED,
        );
        dispatch({ type: 'DELETE_PLAYLIST', payload: playlists });
      },
      () => readAgain('GET /api/user/playlists'),
      PLAYLIST_GONE,
    ),
    reportTo(dispatch),
    { undo: () => void restorePlaylist(playlist, dispatch) },
  );
}

/**
 * A deleted playlist made again (a new id: the old one is gone): one 'Creating playlist...' toast
 * for the whole restore rather than one per video. Its videos that left the catalogue meanwhile
 * are skipped.
 */
/** The video of a call is not in the catalogue (not: the playlist is gone). */
function videoGone(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 404 &&
    firstError(error.data) === apiErrors.videoNotFound.message
  );
}

export function restorePlaylist(deleted: Playlist, dispatch: Dispatch) {
  return withToasts(
    { loading: playlistTexts.creating, success: playlistTexts.created },
    async () => {
      const { playlists } = accept(
        await api.call('POST /api/user/playlists', {
          body: { playlist: { title: deleted.title } },
        }),
        ADDED,
      );
      dispatch({ type: 'CREATE_PLAYLIST', payload: playlists });
      const restored = newestTitled(playlists, deleted.title);
      if (!restored) return;
      for (const video of deleted.videos) {
        try {
          const { playlist } = accept(
            await api.call('POST /api/user/playlists/{playlistId}', {
              params: { playlistId: restored._id },
              body: { video },
            }),
            ADDED,
          );
          dispatch({ type: 'ADD_VIDEO_TO_PLAYLIST', payload: playlist });
        } catch (error) {
          // A video removed from the catalogue since cannot come back; the others still do.
          if (!videoGone(error)) throw error;
        }
      }
    },
    reportTo(dispatch),
  );
}

/**
 * Adds a video to a playlist: at the end, or with `before` (the videos that followed it, nearest
 * first) in front of the first of them still there.
 */
export function addVideoToPlaylist(
  playlistId: string,
  video: Video,
  dispatch: Dispatch,
  before: string[] = [],
) {
  return withToasts(
    { loading: playlistTexts.adding, success: playlistTexts.added },
    catchingUp(
      async () => {
        const { playlist } = accept(
          await api.call('POST /api/user/playlists/{playlistId}', {
            params: { playlistId },
            body: before.length > 0 ? { video, before } : { video },
          }),
          ADDED,
        );
        dispatch({ type: 'ADD_VIDEO_TO_PLAYLIST', payload: playlist });
      },
      () => readAgain('GET /api/user/playlists'),
      [409, ...PLAYLIST_GONE],
    ),
    reportTo(dispatch),
  );
}

/** The ids of the videos after `videoId` in one of `playlists`, nearest first. */
function videosAfter(playlists: Playlist[], playlistId: string, videoId: string): string[] {
  const videos = playlists.find((playlist) => playlist._id === playlistId)?.videos ?? [];
  const index = videos.findIndex((item) => item._id === videoId);
  return index < 0 ? [] : videos.slice(index + 1).map((item) => item._id);
}

/**
 * Removes a video from a playlist; Undo puts it back in its place (in front of the videos that
 * followed it in `playlists`, the user's playlists as the removal found them), so the order and
 * the playlist's thumbnail (its last video, product §9) come back as they were.
 */
export function removeVideoFromPlaylist(
  playlistId: string,
  video: Video,
  dispatch: Dispatch,
  playlists: Playlist[],
) {
  const before = videosAfter(playlists, playlistId, video._id);
  return withToasts(
    { loading: playlistTexts.removing, success: playlistTexts.removed },
    catchingUp(
      async () => {
        const { playlist } = accept(
          await api.call('DELETE /api/user/playlists/{playlistId}/{videoId}', {
            params: { playlistId, videoId: video._id },
          }),
          DELETED,
        );
        dispatch({ type: 'DELETE_VIDEO_FROM_PLAYLIST', payload: playlist });
      },
      () => readAgain('GET /api/user/playlists'),
      PLAYLIST_GONE,
    ),
    reportTo(dispatch),
    { undo: () => void addVideoToPlaylist(playlistId, video, dispatch, before) },
  );
}
