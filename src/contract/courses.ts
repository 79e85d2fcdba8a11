import * as z from 'zod/mini';
import { videoSchema } from './entities';

/**
 * Courses (issue 30): ordered lessons, curated by operators (`npm run catalogue -- import`), and
 * each user's progress through them. A lesson is a catalogue video; it is done for a user when
 * they marked it done or when their saved position reaches WATCHED_FRACTION (limits.ts) of its length.
 */

/** A course's name in its address (`/course/js-basics`): lower-case words joined by hyphens. */
export const COURSE_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const MAX_COURSE_SLUG_LENGTH = 100;
export const MAX_COURSE_TITLE_LENGTH = 200;
export const MAX_COURSE_DESCRIPTION_LENGTH = 5_000;
export const MAX_COURSE_SECTIONS = 100;
export const MAX_COURSE_LESSONS = 1_000;

/** A part of a course: an optional title and its lessons (catalogue video ids) in order. */
export const courseSectionSchema = z.object({
  title: z.optional(z.string()),
  lessons: z.array(z.string()),
});
export type CourseSection = z.infer<typeof courseSectionSchema>;

/** A course as stored and as the CLI imports and exports it; plain `lessons` is one section. */
export const courseSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  sections: z.array(courseSectionSchema),
});
export type Course = z.infer<typeof courseSchema>;

/** GET /api/courses: every course, in the order operators added them. */
export const courseSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  lessonCount: z.number(),
  /** The lessons' total length in seconds, when the catalogue knows every lesson's. */
  duration: z.optional(z.number()),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;
export const coursesResponseSchema = z.object({ courses: z.array(courseSummarySchema) });
export type CoursesResponse = z.infer<typeof coursesResponseSchema>;

/** GET /api/courses/{slug}: the course with its lessons' videos, section by section. */
export const courseDetailSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  lessonCount: z.number(),
  /** The lessons' total length in seconds, when the catalogue knows every lesson's. */
  duration: z.optional(z.number()),
  sections: z.array(z.object({ title: z.optional(z.string()), lessons: z.array(videoSchema) })),
});
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export const courseResponseSchema = z.object({ course: courseDetailSchema });
export type CourseResponse = z.infer<typeof courseResponseSchema>;

/** One lesson as a user stands with it: marked done, watched to 90%, either makes it done. */
export const lessonStateSchema = z.object({
  videoId: z.string(),
  done: z.boolean(),
  marked: z.boolean(),
  watched: z.boolean(),
});
export type LessonState = z.infer<typeof lessonStateSchema>;

/** A user's progress in one course: lessons done / lessons. */
export const courseProgressSchema = z.object({
  slug: z.string(),
  title: z.string(),
  lessonCount: z.number(),
  doneCount: z.number(),
  /** The first lesson not done yet (course order); absent when every lesson is done. */
  nextLesson: z.optional(z.string()),
  /** Its place in the course, from 1 ('Continue: lesson 3'). */
  nextLessonNumber: z.optional(z.number()),
  /** The user's latest mark or saved position in one of its lessons; absent: not started. */
  updatedAt: z.optional(z.string()),
});
export type CourseProgress = z.infer<typeof courseProgressSchema>;

/** GET /api/user/courses: the courses the user started, the most recently studied first. */
export const userCoursesResponseSchema = z.object({ courses: z.array(courseProgressSchema) });
export type UserCoursesResponse = z.infer<typeof userCoursesResponseSchema>;

/** GET /api/user/courses/{slug} and the done marks' answers: the progress, lesson by lesson. */
export const courseProgressDetailSchema = z.extend(courseProgressSchema, {
  lessons: z.array(lessonStateSchema),
});
export type CourseProgressDetail = z.infer<typeof courseProgressDetailSchema>;
export const userCourseResponseSchema = z.object({ progress: courseProgressDetailSchema });
export type UserCourseResponse = z.infer<typeof userCourseResponseSchema>;

/** A user's mark that a lesson of a course is done, as their data export carries it. */
export const lessonMarkSchema = z.object({
  courseSlug: z.string(),
  videoId: z.string(),
  markedAt: z.string(),
});

/** Every lesson of a course, in order. */
export function courseLessons(course: Pick<Course, 'sections'>): string[] {
  return course.sections.flatMap((section) => section.lessons);
}

/**
 * A course as the stores keep and read it back: a section without a title has no `title` key,
 * and nothing of the caller's objects is shared.
 */
export function storedCourse(course: Course): Course {
  return {
    slug: course.slug,
    title: course.title,
    description: course.description,
    sections: course.sections.map((section) =>
      section.title === undefined
        ? { lessons: [...section.lessons] }
        : { title: section.title, lessons: [...section.lessons] },
    ),
  };
}
