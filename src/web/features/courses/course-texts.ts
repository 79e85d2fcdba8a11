/** The courses screens' words (issue 30), written once. */
export const courseTexts = {
  heading: 'Courses',
  empty: 'No course has been published here yet. Come back soon.',
  emptyTitle: 'No courses yet',
  notFoundTitle: 'Course not found',
  notFound: 'This course does not exist or is no longer offered.',
  start: 'Start course',
  complete: 'All lessons done',
  again: 'Watch again',
  continueLearning: 'Continue learning',
  markDone: 'Mark done',
  undo: 'Undo done',
  done: 'Done',
  watched: 'Watched',
  previous: 'Previous lesson',
  next: 'Next lesson',
};

export const lessonCount = (count: number) => `${count} ${count === 1 ? 'lesson' : 'lessons'}`;

const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;

/** A course's total length, to the minute: `2 hours 5 minutes`, `45 minutes`, `1 hour`. */
export function courseLength(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}

/** `6 lessons`, or `6 lessons · 2 hours 5 minutes` when every lesson's length is known. */
export const courseSize = (course: { lessonCount: number; duration?: number }) =>
  course.duration === undefined
    ? lessonCount(course.lessonCount)
    : `${lessonCount(course.lessonCount)} · ${courseLength(course.duration)}`;

/** `2 of 5 lessons done`. */
export const doneText = (done: number, total: number) => `${done} of ${total} lessons done`;

/** `Continue: lesson 3`. */
export const continueText = (lesson: number) => `Continue: lesson ${lesson}`;

/** `Lesson 3 of 12`. */
export const lessonPosition = (lesson: number, total: number) => `Lesson ${lesson} of ${total}`;

/** The watch page's address for a lesson, keeping the course beside the player. */
export const lessonUrl = (videoId: string, slug: string) =>
  `/watch/${encodeURIComponent(videoId)}?course=${encodeURIComponent(slug)}`;

export const courseUrl = (slug: string) => `/course/${encodeURIComponent(slug)}`;
