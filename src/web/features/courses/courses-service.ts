import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { toastFailure } from '../../lib/notify';
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
