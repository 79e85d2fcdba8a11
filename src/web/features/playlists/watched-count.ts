import type { Progress, Video } from '../../../contract/entities';
import { finished } from '../../state/watched';

/**
 * How many of `videos` the user watched, by their saved positions: the course rule
 * (WATCHED_FRACTION of a length the player knew, src/api/courses/course-progress.ts).
 */
export function countWatched(videos: readonly Video[], positions: readonly Progress[]): number {
  const watched = new Set(
    positions.filter((position) => finished(position)).map((position) => position.videoId),
  );
  return videos.filter((video) => watched.has(video._id)).length;
}
