import type { RouteSpec } from './routes';
import {
  courseResponseSchema,
  coursesResponseSchema,
  userCourseResponseSchema,
  userCoursesResponseSchema,
} from './courses';

const doneDescription =
  'A lesson is done when it is marked done here or when the saved position (POST ' +
  '/api/user/progress/{videoId} with its duration) reaches 90% of the video. Marking a marked ' +
  'lesson again, or unmarking an unmarked one, changes nothing. Answers the course progress.';

/** The course routes of the route table (issue 30), spread into it by routes.ts. */
export const courseRouteRows = [
  {
    method: 'GET',
    path: '/api/courses',
    summary: 'List the courses: title, description and lesson count',
    description:
      'The same for every caller (kept per catalogue version, with an ETag): a signed-in ' +
      "user's progress is GET /api/user/courses.",
    auth: false,
    status: 200,
    response: coursesResponseSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/courses/{slug}',
    summary: "One course: its sections and their lessons' videos, in order",
    auth: false,
    status: 200,
    response: courseResponseSchema,
    errors: ['courseNotFound'],
  },
  {
    method: 'GET',
    path: '/api/user/courses',
    summary: 'The courses I started, with my progress, the most recently studied first',
    description:
      'Started: a lesson marked done or with a saved position. Progress is lessons done / ' +
      'lessons; `nextLesson` is the first lesson not done.',
    auth: true,
    status: 200,
    response: userCoursesResponseSchema,
    errors: ['invalidToken', 'emailNotRegistered'],
  },
  {
    method: 'GET',
    path: '/api/user/courses/{slug}',
    summary: 'My progress in a course, lesson by lesson (done, marked, watched)',
    auth: true,
    status: 200,
    response: userCourseResponseSchema,
    errors: ['invalidToken', 'emailNotRegistered', 'courseNotFound'],
  },
  {
    method: 'POST',
    path: '/api/user/courses/{slug}/lessons/{videoId}/done',
    summary: 'Mark a lesson of a course done',
    description: doneDescription,
    auth: true,
    status: 200,
    response: userCourseResponseSchema,
    errors: ['invalidToken', 'userNotFound', 'courseNotFound', 'lessonNotFound'],
  },
  {
    method: 'DELETE',
    path: '/api/user/courses/{slug}/lessons/{videoId}/done',
    summary: 'Undo: the lesson is no longer marked done',
    description: doneDescription,
    auth: true,
    status: 200,
    response: userCourseResponseSchema,
    errors: ['invalidToken', 'userNotFound', 'courseNotFound', 'lessonNotFound'],
  },
] as const satisfies readonly RouteSpec[];
