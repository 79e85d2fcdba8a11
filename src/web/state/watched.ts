import type { Progress } from '../../contract/entities';
import { WATCHED_FRACTION } from '../../contract/limits';
import { useVideos } from './use-store';

/**
 * How much of a video was watched, 0–100, or undefined when its length is unknown: the player's
 * length saved with the position, else the catalogue's.
 */
export function watchedPercent(progress: Progress, duration?: number): number | undefined {
  const length = progress.duration ?? duration;
  if (length === undefined || length <= 0) return undefined;
  return Math.min(100, Math.max(0, Math.round((progress.seconds / length) * 100)));
}

/**
 * A position at WATCHED_FRACTION of the length or past it: the video was watched (to its end, or
 * near enough), so it is not resumed and leaves Continue watching, but its cards show it watched.
 */
export function finished(progress: Progress, duration?: number): boolean {
  const length = progress.duration ?? duration;
  return length !== undefined && length > 0 && progress.seconds >= WATCHED_FRACTION * length;
}

// One lookup table per progress list (the reducer replaces the list on every change), shared by
// every card of a screen instead of a search of the list per card.
const tables = new WeakMap<Progress[], Map<string, Progress>>();

function positionOf(progress: Progress[], videoId: string): Progress | undefined {
  let table = tables.get(progress);
  if (!table) {
    table = new Map(progress.map((item) => [item.videoId, item]));
    tables.set(progress, table);
  }
  return table.get(videoId);
}

/**
 * How much of `videoId` the signed-in user watched (their saved position), for the bar on its
 * cards; undefined without a position or a known length. Signed out, the list is empty.
 */
export function useWatchedPercent(videoId: string | undefined, duration?: number) {
  const { state } = useVideos();
  const position = videoId === undefined ? undefined : positionOf(state.progress, videoId);
  return position && watchedPercent(position, duration);
}
