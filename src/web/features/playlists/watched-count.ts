import type { Progress, Video } from '../../../contract/entities';

/**
 * The course rule (contract/courses.ts LESSON_DONE_FRACTION, src/api/courses/course-progress.ts):
 * a video counts as watched when its saved position reaches 90% of a length the player knew.
 */
export const WATCHED_FRACTION = 0.9;

/** How many of `videos` the user watched, by their saved positions. */
export function countWatched(videos: readonly Video[], positions: readonly Progress[]): number {
  const watched = new Set(
    positions
      .filter(
        (position) =>
          position.duration !== undefined &&
          position.duration > 0 &&
          position.seconds >= WATCHED_FRACTION * position.duration,
      )
      .map((position) => position.videoId),
  );
  return videos.filter((video) => watched.has(video._id)).length;
}
