import {
  COURSE_SLUG_PATTERN,
  MAX_COURSE_DESCRIPTION_LENGTH,
  MAX_COURSE_LESSONS,
  MAX_COURSE_SECTIONS,
  MAX_COURSE_SLUG_LENGTH,
  MAX_COURSE_TITLE_LENGTH,
  type Course,
  type CourseSection,
} from '../../contract/courses';
import { MAX_ID_LENGTH } from '../../contract/limits';

/** A course record of an import file, or every rule it breaks (one message per broken rule). */
export type CheckedCourse =
  { ok: true; course: Course } | { ok: false; problems: string[]; slug?: string };

/** Whether a record says it is a course (`"type": "course"`): course rules check it. */
export function isCourseRecord(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    (value as { type?: unknown }).type === 'course'
  );
}

const LONE_SURROGATE = /\p{Surrogate}/u;

/** The broken rule of a text, or undefined: a string, no NUL, no lone surrogate, within `max`. */
function checkText(
  name: string,
  value: unknown,
  max: number,
  { blank = false }: { blank?: boolean } = {},
): string | undefined {
  if (value === undefined || value === null) return `${name} is required`;
  if (typeof value !== 'string') return `${name} must be a string`;
  if (value.includes('\u0000')) return `${name} must not contain the NUL character`;
  if (LONE_SURROGATE.test(value)) return `${name} must be valid Unicode (a lone surrogate)`;
  if (!blank && value.trim() === '') return `${name} is required`;
  if (value.length > max) return `${name} must be at most ${max.toLocaleString('en')} characters`;
  return undefined;
}

/** The lessons of a section (or of the course): non-empty, video ids, none twice in the course. */
function checkLessons(
  name: string,
  value: unknown,
  seen: Set<string>,
  problems: string[],
): string[] | undefined {
  if (!Array.isArray(value)) {
    problems.push(`${name} must be an array of video ids`);
    return undefined;
  }
  if (value.length === 0) {
    problems.push(`${name} must name at least one video`);
    return undefined;
  }
  const lessons: string[] = [];
  for (const [index, id] of value.entries()) {
    if (typeof id !== 'string' || id.trim() === '' || id.length > MAX_ID_LENGTH) {
      problems.push(
        `${name}[${index}] must be a video id (a string of 1 to ${MAX_ID_LENGTH} characters)`,
      );
      continue;
    }
    if (seen.has(id)) {
      problems.push(`${name}[${index}]: lesson ${JSON.stringify(id)} appears twice in the course`);
      continue;
    }
    seen.add(id);
    lessons.push(id);
  }
  return lessons;
}

/** The rule a course slug breaks, or undefined (`js-basics`: at most 100 characters). */
export function courseSlugProblem(slug: unknown): string | undefined {
  const problem = checkText('slug', slug, MAX_COURSE_SLUG_LENGTH);
  if (problem) return problem;
  if (!COURSE_SLUG_PATTERN.test(slug as string)) {
    return 'slug must be lower-case letters and digits in words joined by single hyphens (e.g. js-basics)';
  }
  return undefined;
}

/**
 * Checks a course record: `{"type": "course", "slug", "title", "description"?, "lessons": [ids]}`
 * or `"sections": [{"title"?, "lessons": [ids]}]` instead of `lessons`. The slug is lower-case
 * words joined by hyphens (`js-basics`, at most 100 characters); the title non-blank; no video
 * id twice in the course; at most MAX_COURSE_SECTIONS sections and MAX_COURSE_LESSONS lessons.
 * Whether each lesson is a video is for the import to check (the file or the catalogue).
 */
export function checkCourseRecord(value: unknown): CheckedCourse {
  const record = value as Record<string, unknown>;
  const problems: string[] = [];
  const slug = record.slug;
  const slugProblem = courseSlugProblem(slug);
  if (slugProblem) problems.push(slugProblem);
  const titleProblem = checkText('title', record.title, MAX_COURSE_TITLE_LENGTH);
  if (titleProblem) problems.push(titleProblem);
  const description = record.description ?? '';
  const descriptionProblem = checkText('description', description, MAX_COURSE_DESCRIPTION_LENGTH, {
    blank: true,
  });
  if (descriptionProblem) problems.push(descriptionProblem);

  const known = new Set(['type', 'slug', 'title', 'description', 'lessons', 'sections']);
  for (const name of Object.keys(record)) {
    if (!known.has(name)) problems.push(`unknown field ${JSON.stringify(name)}`);
  }

  const seen = new Set<string>();
  let sections: CourseSection[] | undefined;
  if (record.lessons !== undefined && record.sections !== undefined) {
    problems.push('a course has lessons or sections, not both');
  } else if (record.sections !== undefined) {
    if (!Array.isArray(record.sections) || record.sections.length === 0) {
      problems.push('sections must be a non-empty array');
    } else if (record.sections.length > MAX_COURSE_SECTIONS) {
      problems.push(`a course has at most ${MAX_COURSE_SECTIONS} sections`);
    } else {
      sections = [];
      for (const [index, raw] of (record.sections as unknown[]).entries()) {
        const name = `sections[${index}]`;
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
          problems.push(`${name} must be an object with lessons`);
          continue;
        }
        const section = raw as Record<string, unknown>;
        for (const field of Object.keys(section)) {
          if (field !== 'title' && field !== 'lessons') {
            problems.push(`${name}: unknown field ${JSON.stringify(field)}`);
          }
        }
        let title: string | undefined;
        if (section.title !== undefined) {
          const problem = checkText(`${name}.title`, section.title, MAX_COURSE_TITLE_LENGTH);
          if (problem) problems.push(problem);
          else title = section.title as string;
        }
        const lessons = checkLessons(`${name}.lessons`, section.lessons, seen, problems);
        if (lessons) sections.push(title === undefined ? { lessons } : { title, lessons });
      }
    }
  } else if (record.lessons !== undefined) {
    const lessons = checkLessons('lessons', record.lessons, seen, problems);
    if (lessons) sections = [{ lessons }];
  } else {
    problems.push('lessons (or sections) is required');
  }
  if (seen.size > MAX_COURSE_LESSONS) {
    problems.push(`a course has at most ${MAX_COURSE_LESSONS.toLocaleString('en')} lessons`);
  }

  const named = typeof slug === 'string' ? slug : undefined;
  if (problems.length > 0 || !sections) {
    return { ok: false, problems, ...(named === undefined ? {} : { slug: named }) };
  }
  return {
    ok: true,
    course: {
      slug: slug as string,
      title: record.title as string,
      description: description as string,
      sections,
    },
  };
}

/** A course as a record of an export: plain `lessons` for one untitled section. */
export function courseRecord(course: Course): Record<string, unknown> {
  // A section whose every video left the catalogue is no section an import would take.
  const sections = course.sections.filter((section) => section.lessons.length > 0);
  const [only, ...others] = sections;
  const single = only !== undefined && others.length === 0 && only.title === undefined;
  return {
    type: 'course',
    slug: course.slug,
    title: course.title,
    description: course.description,
    ...(single ? { lessons: only.lessons } : { sections }),
  };
}
