import type { QueryClient } from '@tanstack/react-query';
import type { HistoryItem, Video } from '../../../contract/entities';
import { api } from '../../lib/api-client';
import { DELETED, accept } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';
import { dayKey } from './history-days';
import { recordWatch } from './history-service';

/** What playing a video asks of the stored history. */
export type PlayRecord = 'add' | 'move' | 'none';

/**
 * Playing a video is a watch: one that is not in the history is added; one that is there from an
 * earlier watch (not the newest entry, or not from today) moves to now. The newest entry, from
 * today, is this very watch (opened from a card, which recorded it): nothing to do.
 */
export function playRecord(
  history: readonly HistoryItem[],
  videoId: string,
  now: Date,
  timeZone: string,
): PlayRecord {
  const index = history.findIndex((item) => item._id === videoId);
  if (index === -1) return 'add';
  const entry = history[index];
  const newest = index === history.length - 1;
  const watched = entry?.watchedAt ? new Date(entry.watchedAt) : undefined;
  const today =
    watched !== undefined &&
    !Number.isNaN(watched.getTime()) &&
    dayKey(watched, timeZone) === dayKey(now, timeZone);
  return newest && today ? 'none' : 'move';
}

const HISTORY_READ = ['GET /api/user/history'];

/**
 * The history as the server holds it now: the signed-in user's history read (src/web/data), asked
 * again (which also puts the answer in the store). Undefined when it could not be read.
 */
async function storedHistory(client: QueryClient): Promise<HistoryItem[] | undefined> {
  await client.refetchQueries({ queryKey: HISTORY_READ, type: 'active' });
  const [query] = client.getQueryCache().findAll({ queryKey: HISTORY_READ, type: 'active' });
  if (!query || query.state.status !== 'success' || query.state.fetchStatus !== 'idle') {
    return undefined;
  }
  if (query.state.errorUpdatedAt > query.state.dataUpdatedAt) return undefined;
  return (query.state.data as { history: HistoryItem[] } | undefined)?.history;
}

/**
 * Records that the video is being played, with the product's own calls (product §7): added when
 * absent (POST, as a card does); an earlier watch moved to now on the server, so every device shows
 * it under Today: removed (DELETE) and added again (POST). The server forgets the place to resume
 * with the entry: `afterMove` saves it back. Quiet, as adding to the history is (product §5).
 */
export async function recordPlay(
  video: Video,
  client: QueryClient,
  dispatch: Dispatchers['videos'],
  { timeZone, afterMove }: { timeZone: string; afterMove: () => Promise<void> },
): Promise<void> {
  const history = await storedHistory(client);
  if (history === undefined) return;
  const record = playRecord(history, video._id, new Date(), timeZone);
  if (record === 'none') return;
  if (record === 'move') {
    try {
      accept(
        await api.call('DELETE /api/user/history/{videoId}', { params: { videoId: video._id } }),
        DELETED,
      );
    } catch (error) {
      dispatch({ type: 'ERROR', payload: error });
      return;
    }
  }
  const recorded = await recordWatch(video, [], dispatch);
  if (record === 'move') await afterMove();
  if (!recorded) void client.refetchQueries({ queryKey: HISTORY_READ, type: 'active' });
}
