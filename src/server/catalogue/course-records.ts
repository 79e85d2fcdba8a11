import type { Course } from '../../contract/courses';
import { courseLessons } from '../../contract/courses';
import type { Store, UpsertCounts } from '../../api/store/store';
import type { ProblemList } from './report';
import { checkCourseRecord } from './validate-course';

/** A checked course waiting for its lessons to be found: where it is and what it names. */
interface PendingCourse {
  at: string;
  lessons: string[];
}

/**
 * The course records of an import (issue 30), beside its videos and categories. The check pass
 * notes each course's slug (a slug twice is refused) and lessons; once the whole file is read,
 * every lesson must be a video of the file or of the catalogue. The apply pass writes the
 * courses after the videos, all in one store call.
 */
export class CourseRecords {
  private readonly slugs = new Map<string, string>();
  private readonly pending: PendingCourse[] = [];
  valid = 0;
  rejected = 0;

  /** Checks one course record (`at`: `line 3: `, `where`: `line 3`). */
  check(value: unknown, at: string, where: string, problems: ProblemList): void {
    const checked = checkCourseRecord(value);
    let bad = !checked.ok;
    if (!checked.ok) for (const problem of checked.problems) problems.add(at + problem);
    const slug = checked.ok ? checked.course.slug : checked.slug;
    if (slug !== undefined) {
      const earlier = this.slugs.get(slug);
      if (earlier !== undefined) {
        problems.add(`${at}slug ${JSON.stringify(slug)} appears again (first ${earlier})`);
        bad = true;
      } else {
        this.slugs.set(slug, `${where.startsWith('index') ? 'at' : 'on'} ${where}`);
      }
    }
    if (checked.ok && !bad) this.pending.push({ at, lessons: courseLessons(checked.course) });
    if (bad) this.rejected += 1;
    else this.valid += 1;
  }

  /**
   * After the check pass: each lesson must be a video of the file (`inFile`) or of the catalogue;
   * a course naming another is refused.
   */
  async findLessons(
    inFile: (videoId: string) => boolean,
    store: Pick<Store, 'getVideo'>,
    problems: ProblemList,
  ): Promise<void> {
    for (const { at, lessons } of this.pending) {
      const missing: string[] = [];
      for (const videoId of lessons) {
        if (!inFile(videoId) && (await store.getVideo(videoId)) === undefined) {
          missing.push(videoId);
        }
      }
      if (missing.length === 0) continue;
      const named = missing.map((id) => JSON.stringify(id)).join(', ');
      problems.add(
        `${at}${missing.length === 1 ? 'lesson' : 'lessons'} ${named} ${missing.length === 1 ? 'is' : 'are'} no video of this file or of the catalogue`,
      );
      this.valid -= 1;
      this.rejected += 1;
    }
    this.pending.length = 0;
  }
}

/** Writes the courses of an import (after its videos), in one store call: one transaction. */
export async function writeCourses(
  store: Pick<Store, 'upsertCourses'>,
  courses: Course[],
): Promise<UpsertCounts> {
  if (courses.length === 0) return { added: 0, updated: 0, unchanged: 0 };
  return store.upsertCourses(courses);
}
