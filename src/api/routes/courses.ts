import {
  COURSE_SLUG_PATTERN,
  courseLessons,
  MAX_COURSE_SLUG_LENGTH,
  type Course,
  type CourseDetail,
} from '../../contract/courses';
import type { Video } from '../../contract/entities';
import { CatalogueCache } from '../catalogue/catalogue-cache';
import { formatTimestamp } from '../clock';
import type { ApiDeps } from '../context';
import { courseProgress, startedCourses } from '../courses/course-progress';
import { ApiError } from '../http/errors';
import { routeHandlers } from '../http/mount-routes';
import type { Store } from '../store/store';

/** The course a path names, or a 404: a slug that breaks the slug rule names none (unread). */
async function requireCourse(store: Store, slug: string): Promise<Course> {
  const named = slug.length <= MAX_COURSE_SLUG_LENGTH && COURSE_SLUG_PATTERN.test(slug);
  const course = named ? await store.getCourse(slug) : undefined;
  if (!course) throw ApiError.of('courseNotFound');
  return course;
}

/** The lessons' total length in seconds, when the catalogue knows every lesson's (else none). */
function totalLength(videos: Iterable<Video>): { duration?: number } {
  let total = 0;
  let lessons = 0;
  for (const video of videos) {
    if (video.duration === undefined) return {};
    total += video.duration;
    lessons += 1;
  }
  return lessons === 0 ? {} : { duration: total };
}

/** The course with its lessons' catalogue videos (a lesson removed meanwhile is left out). */
async function courseDetail(store: Store, course: Course): Promise<CourseDetail> {
  // One read for all the lessons (not one per lesson: 200 round trips for a 200-lesson course).
  const found = await store.getVideos(courseLessons(course));
  const videos = new Map<string, Video>(found.map((video) => [video._id, video]));
  const sections = course.sections.map((section) => ({
    ...(section.title === undefined ? {} : { title: section.title }),
    lessons: section.lessons.flatMap((videoId) => {
      const video = videos.get(videoId);
      return video ? [video] : [];
    }),
  }));
  return {
    slug: course.slug,
    title: course.title,
    description: course.description,
    lessonCount: videos.size,
    ...totalLength(videos.values()),
    sections,
  };
}

/**
 * The public courses: the list and one course, the same for every caller, answered through the
 * catalogue cache (a course write is a catalogue write: a new version).
 */
export function courseRoutes({ store }: ApiDeps) {
  const kept = new CatalogueCache(store);
  return routeHandlers({
    'GET /api/courses': async (_input, c) =>
      kept.answer(c, async () => {
        const courses = await store.listCourses();
        // Answered once per catalogue version: a read of each course's lessons (one query each).
        const lengths = await Promise.all(
          courses.map(async (course) => totalLength(await store.getVideos(courseLessons(course)))),
        );
        return {
          body: {
            courses: courses.map(({ slug, title, description, sections }, index) => ({
              slug,
              title,
              description,
              lessonCount: courseLessons({ sections }).length,
              ...lengths[index],
            })),
          },
        };
      }),
    'GET /api/courses/{slug}': async ({ params }, c) =>
      kept.answer(c, async () => {
        const course = await requireCourse(store, params.slug);
        return { body: { course: await courseDetail(store, course) } };
      }),
  });
}

/**
 * The signed-in user's progress in courses, and their done marks. A lesson is done when marked or
 * watched to 90% (course-progress.ts).
 */
export function userCourseRoutes({ store, clock }: ApiDeps) {
  // The courses, read once per catalogue version (a course write is a catalogue write): the
  // progress in every started course needs all of them, every lesson (20,000 rows for a
  // hundred 200-lesson courses), for each request.
  let kept: { version: string; courses: Promise<Course[]> } | undefined;
  const allCourses = async () => {
    const version = await store.catalogueVersion();
    if (kept?.version !== version) {
      const courses = store.listCourses();
      kept = { version, courses };
      // A failed read is not kept: the next request reads again.
      courses.catch(() => {
        if (kept?.courses === courses) kept = undefined;
      });
    }
    return kept.courses;
  };
  const progressIn = async (userId: string, course: Course) => {
    const [marks, positions] = await Promise.all([
      store.listLessonMarks(userId),
      store.listProgress(userId),
    ]);
    const byVideo = new Map(positions.map((position) => [position.videoId, position]));
    return { progress: courseProgress(course, marks, byVideo) };
  };
  /** The course and lesson a path names: 404 for either unknown. */
  const lessonOf = async (slug: string, videoId: string) => {
    const course = await requireCourse(store, slug);
    if (!courseLessons(course).includes(videoId)) throw ApiError.of('lessonNotFound');
    return course;
  };
  return routeHandlers({
    'GET /api/user/courses': async ({ user }) => {
      const [courses, marks, positions] = await Promise.all([
        allCourses(),
        store.listLessonMarks(user._id),
        store.listProgress(user._id),
      ]);
      const byVideo = new Map(positions.map((position) => [position.videoId, position]));
      return { courses: startedCourses(courses, marks, byVideo) };
    },
    'GET /api/user/courses/{slug}': async ({ user, params }) =>
      progressIn(user._id, await requireCourse(store, params.slug)),
    'POST /api/user/courses/{slug}/lessons/{videoId}/done': async ({ user, params }) => {
      const course = await lessonOf(params.slug, params.videoId);
      await store.markLessonDone(user._id, course.slug, params.videoId, formatTimestamp(clock()));
      return progressIn(user._id, course);
    },
    'DELETE /api/user/courses/{slug}/lessons/{videoId}/done': async ({ user, params }) => {
      const course = await lessonOf(params.slug, params.videoId);
      await store.unmarkLessonDone(user._id, course.slug, params.videoId);
      return progressIn(user._id, course);
    },
  });
}
