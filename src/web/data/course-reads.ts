import { queryOptions } from '@tanstack/react-query';
import { publicRead, read } from './reads';

/**
 * Courses' reads (issue 30), keyed by the route table's names: the public list and course, the
 * same for everyone, and the signed-in user's progress, keyed by the session as every user read
 * (reads.ts's userRead), so no answer crosses sessions. A user's progress is asked again whenever
 * a screen shows it (positions saved while watching move it on).
 */
export const coursesRead = () => publicRead('GET /api/courses', {});

export const courseRead = (slug: string) =>
  publicRead('GET /api/courses/{slug}', { params: { slug } });

export const userCoursesRead = (session: string) =>
  queryOptions({
    queryKey: ['GET /api/user/courses', { user: session }] as const,
    queryFn: ({ signal }) => read('GET /api/user/courses', {}, signal),
    staleTime: 0,
  });

export const userCourseRead = (session: string, slug: string) =>
  queryOptions({
    queryKey: ['GET /api/user/courses/{slug}', { user: session, slug }] as const,
    queryFn: ({ signal }) => read('GET /api/user/courses/{slug}', { params: { slug } }, signal),
    staleTime: 0,
  });
