import type { HistoryItem, Video } from '../../../contract/entities';
import { api, ApiRequestError, readAgain } from '../../lib/api-client';
import { ADDED, DELETED, accept, catchingUp, withToasts } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';

export const historyTexts = {
  heading: 'History',
  clear: 'Clear History',
  clearing: 'Deleting the history...',
  cleared: 'History has been cleared.',
  deleting: 'Deleting video from history...',
  deleted: 'Video deleted from history.',
  remove: 'Remove from History',
  empty: 'No history available.',
  loadFailed: 'Unable to load data',
} as const;

/** This moment as the API writes times (YYYY-MM-DDTHH:mm:ssZ, UTC). */
function nowTimestamp(): string {
  return `${new Date().toISOString().slice(0, 19)}+00:00`;
}

/** A history entry without the API's `watchedAt`: the bare video, sent as product §7's `{video}`. */
function bareVideo(video: Video & Partial<Pick<HistoryItem, 'watchedAt'>>): Video {
  const { watchedAt: _watchedAt, ...rest } = video;
  return rest;
}

/**
 * product §4: opening a video adds it to history when absent; when present it only moves to the end,
 * locally, with no call (it is shown as watched now, until the next load). A failed add is silent
 * (error action only); one refused as already there (added elsewhere) also reloads the history.
 * Resolves to whether the video is in the history now.
 */
export async function recordWatch(
  video: Video,
  history: Video[],
  dispatch: Dispatchers['videos'],
): Promise<boolean> {
  const plain = bareVideo(video);
  if (history.some((item) => item._id === video._id)) {
    dispatch({ type: 'ADD_VIDEO_TO_HISTORY', payload: { ...plain, watchedAt: nowTimestamp() } });
    return true;
  }
  try {
    await catchingUp(
      async () => {
        const answer = accept(
          await api.call('POST /api/user/history', { body: { video: plain } }),
          ADDED,
        );
        const stored = answer.history.find((item) => item._id === video._id);
        dispatch({
          type: 'ADD_VIDEO_TO_HISTORY',
          payload: { ...plain, watchedAt: stored?.watchedAt ?? nowTimestamp() },
        });
      },
      () => readAgain('GET /api/user/history'),
    )();
    return true;
  } catch (error) {
    dispatch({ type: 'ERROR', payload: error });
    return error instanceof ApiRequestError && error.status === 409;
  }
}

/**
 * Removes one video from the history, and with it the place to resume it (the server forgets both).
 * Undo records it again (as the latest watched), then runs `afterUndo` (which saves that place back).
 */
export function removeFromHistory(
  video: Video,
  dispatch: Dispatchers['videos'],
  afterUndo: () => void = () => {},
) {
  return withToasts(
    { loading: historyTexts.deleting, success: historyTexts.deleted },
    async () => {
      accept(
        await api.call('DELETE /api/user/history/{videoId}', { params: { videoId: video._id } }),
        DELETED,
      );
      dispatch({ type: 'DELETE_VIDEO_FROM_HISTORY', payload: video._id });
    },
    (error) => dispatch({ type: 'ERROR', payload: error }),
    {
      undo: () =>
        void recordWatch(video, [], dispatch).then((recorded) => {
          if (recorded) afterUndo();
        }),
    },
  );
}

/** Empties the history, and with it every place to resume (the server forgets both). */
export function clearHistory(dispatch: Dispatchers['videos']) {
  return withToasts(
    { loading: historyTexts.clearing, success: historyTexts.cleared },
    async () => {
      accept(await api.call('DELETE /api/user/history/all'), DELETED);
      dispatch({ type: 'CLEAR_HISTORY' });
    },
    (error) => dispatch({ type: 'ERROR', payload: error }),
  );
}
