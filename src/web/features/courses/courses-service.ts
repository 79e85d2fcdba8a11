import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { toastFailure } from '../../lib/notify';
import { localStore } from '../../lib/safe-storage';
import { userCourseRead } from '../../data/course-reads';

/**
 * Marks a lesson done (or undoes the mark): the course's progress is the answer's, kept as the
 * user's course read; the list of started courses is asked again. A failure toasts.
 */
export async function setLessonDone(
  client: QueryClient,
  session: string,
  slug: string,
  videoId: string,
  done: boolean,
  { quiet = false }: { quiet?: boolean } = {},
): Promise<boolean> {
  try {
    const route = done
      ? 'POST /api/user/courses/{slug}/lessons/{videoId}/done'
      : 'DELETE /api/user/courses/{slug}/lessons/{videoId}/done';
    const { data } = await api.call(route, { params: { slug, videoId } });
    client.setQueryData(userCourseRead(session, slug).queryKey, data);
    void client.invalidateQueries({ queryKey: ['GET /api/user/courses'] });
    return true;
  } catch (error) {
    if (!quiet) toastFailure(error);
    return false;
  }
}

const ROW_HINT_KEY = 'codetube:continue-learning';

/**
 * How many courses Home's 'Continue learning' showed on the last visit: while a restored session's
 * courses load, Home holds that many cards' place (nothing jumps when they come, either way).
 */
export function continueLearningExpected(): number {
  const count = Number(localStore.getItem(ROW_HINT_KEY) ?? 0);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

export function rememberContinueLearning(count: number): void {
  // Blocked or full storage: the row just may not hold its place next time.
  localStore.setItem(ROW_HINT_KEY, String(count));
}
