import {
  courseLessons,
  type Course,
  type CourseProgress,
  type CourseProgressDetail,
} from '../../contract/courses';
import type { Progress } from '../../contract/entities';
import { WATCHED_FRACTION } from '../../contract/limits';
import type { LessonMark } from '../store/store';

/** A saved position that reaches WATCHED_FRACTION of a length the player knew. */
export function watchedEnough(position: Progress | undefined): boolean {
  const duration = position?.duration;
  if (!position || duration === undefined || !(duration > 0)) return false;
  return position.seconds >= WATCHED_FRACTION * duration;
}

/**
 * A user's progress in one course, lesson by lesson: a lesson is done when they marked it done
 * in this course or watched 90% of it (their saved position; in any course or none).
 */
export function courseProgress(
  course: Course,
  marks: readonly LessonMark[],
  positions: ReadonlyMap<string, Progress>,
): CourseProgressDetail {
  const marked = new Map<string, string>();
  for (const mark of marks) {
    if (mark.courseSlug === course.slug) marked.set(mark.videoId, mark.markedAt);
  }
  let updatedAt: string | undefined;
  const later = (at: string | undefined) => {
    if (at !== undefined && (updatedAt === undefined || at > updatedAt)) updatedAt = at;
  };
  const lessons = courseLessons(course).map((videoId) => {
    const position = positions.get(videoId);
    const markedAt = marked.get(videoId);
    later(markedAt);
    later(position?.updatedAt);
    const watched = watchedEnough(position);
    const isMarked = markedAt !== undefined;
    return { videoId, done: isMarked || watched, marked: isMarked, watched };
  });
  const next = lessons.findIndex((lesson) => !lesson.done);
  const nextLesson = lessons[next]?.videoId;
  return {
    slug: course.slug,
    title: course.title,
    lessonCount: lessons.length,
    doneCount: lessons.filter((lesson) => lesson.done).length,
    ...(nextLesson === undefined ? {} : { nextLesson, nextLessonNumber: next + 1 }),
    ...(updatedAt === undefined ? {} : { updatedAt }),
    lessons,
  };
}

/** The courses a user started (a mark or a saved position in a lesson), most recent first. */
export function startedCourses(
  courses: readonly Course[],
  marks: readonly LessonMark[],
  positions: ReadonlyMap<string, Progress>,
): CourseProgress[] {
  return courses
    .map((course) => {
      const { lessons: _lessons, ...progress } = courseProgress(course, marks, positions);
      return progress;
    })
    .filter((progress) => progress.updatedAt !== undefined)
    .sort((a, b) =>
      (a.updatedAt ?? '') < (b.updatedAt ?? '')
        ? 1
        : (a.updatedAt ?? '') > (b.updatedAt ?? '')
          ? -1
          : 0,
    );
}
