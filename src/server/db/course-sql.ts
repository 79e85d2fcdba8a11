import type { Kysely, Transaction } from 'kysely';
import { storedCourse, type Course, type CourseSection } from '../../contract/courses';
import { StoreError } from '../../api/store/store-error';
import type { LessonMark, UpsertCounts } from '../../api/store/store';
import type { CatalogueSql } from './catalogue-sql';
import { isForeignKeyViolation } from './db-errors';
import type { Database } from './schema';

/**
 * The courses of SqlStore (issue 30): a course's row, its sections and its lessons, and users'
 * done marks. Course writes are catalogue writes (a new catalogue version): the public course
 * answers are kept per version.
 */
export class CourseSql {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalogue: CatalogueSql,
  ) {}

  async list(): Promise<Course[]> {
    return this.read();
  }

  async get(slug: string): Promise<Course | undefined> {
    return (await this.read(slug))[0];
  }

  /** One transaction: a course is replaced whole (its sections and lessons written again). */
  async upsert(courses: Course[]): Promise<UpsertCounts> {
    const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
    if (courses.length === 0) return counts;
    try {
      await this.catalogue.write(async (trx) => {
        for (const course of courses) {
          const existing = (await this.read(course.slug, trx))[0];
          if (existing && JSON.stringify(existing) === JSON.stringify(storedCourse(course))) {
            counts.unchanged += 1;
            continue;
          }
          if (existing) {
            await trx
              .updateTable('courses')
              .set({ title: course.title, description: course.description })
              .where('slug', '=', course.slug)
              .execute();
            await trx.deleteFrom('course_lessons').where('course_slug', '=', course.slug).execute();
            await trx
              .deleteFrom('course_sections')
              .where('course_slug', '=', course.slug)
              .execute();
            counts.updated += 1;
          } else {
            await trx
              .insertInto('courses')
              .values({ slug: course.slug, title: course.title, description: course.description })
              .execute();
            counts.added += 1;
          }
          await writeSections(trx, course);
        }
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw StoreError.notFound('video');
      throw error;
    }
    return counts;
  }

  async remove(slugs: string[]): Promise<number> {
    if (slugs.length === 0) return 0;
    return this.catalogue.write(async (trx) => {
      const result = await trx.deleteFrom('courses').where('slug', 'in', slugs).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  async marks(userId: string): Promise<LessonMark[]> {
    const rows = await this.db
      .selectFrom('lesson_marks')
      .select(['course_slug', 'video_id', 'marked_at'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      courseSlug: row.course_slug,
      videoId: row.video_id,
      markedAt: row.marked_at,
    }));
  }

  async mark(userId: string, courseSlug: string, videoId: string, at: string): Promise<void> {
    try {
      await this.db
        .insertInto('lesson_marks')
        .values({ user_id: userId, course_slug: courseSlug, video_id: videoId, marked_at: at })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'course_slug', 'video_id']).doNothing(),
        )
        .execute();
    } catch (error) {
      // The course or the video went since the route found them.
      if (isForeignKeyViolation(error)) throw StoreError.notFound('course');
      throw error;
    }
  }

  async unmark(userId: string, courseSlug: string, videoId: string): Promise<void> {
    await this.db
      .deleteFrom('lesson_marks')
      .where('user_id', '=', userId)
      .where('course_slug', '=', courseSlug)
      .where('video_id', '=', videoId)
      .execute();
  }

  /**
   * Courses with their sections and lessons, in order, in one statement: one snapshot on either
   * database (a course replaced meanwhile is read whole, before or after).
   */
  private async read(slug?: string, trx?: Transaction<Database>): Promise<Course[]> {
    let query = (trx ?? this.db)
      .selectFrom('courses')
      .leftJoin('course_sections', 'course_sections.course_slug', 'courses.slug')
      .leftJoin('course_lessons', (join) =>
        join
          .onRef('course_lessons.course_slug', '=', 'course_sections.course_slug')
          .onRef('course_lessons.section', '=', 'course_sections.position'),
      )
      .select([
        'courses.slug',
        'courses.title',
        'courses.description',
        'course_sections.position as section',
        'course_sections.title as section_title',
        'course_lessons.video_id',
      ]);
    if (slug !== undefined) query = query.where('courses.slug', '=', slug);
    const rows = await query
      .orderBy('courses.seq')
      .orderBy('course_sections.position')
      .orderBy('course_lessons.position')
      .execute();
    const bySlug = new Map<string, { course: Course; sections: Map<number, CourseSection> }>();
    for (const row of rows) {
      let entry = bySlug.get(row.slug);
      if (!entry) {
        entry = {
          course: { slug: row.slug, title: row.title, description: row.description, sections: [] },
          sections: new Map(),
        };
        bySlug.set(row.slug, entry);
      }
      if (row.section === null) continue;
      let section = entry.sections.get(row.section);
      if (!section) {
        section =
          row.section_title === null ? { lessons: [] } : { title: row.section_title, lessons: [] };
        entry.sections.set(row.section, section);
        entry.course.sections.push(section);
      }
      if (row.video_id !== null) section.lessons.push(row.video_id);
    }
    return [...bySlug.values()].map((entry) => entry.course);
  }
}

async function writeSections(trx: Transaction<Database>, course: Course): Promise<void> {
  if (course.sections.length > 0) {
    await trx
      .insertInto('course_sections')
      .values(
        course.sections.map((section, position) => ({
          course_slug: course.slug,
          position,
          title: section.title ?? null,
        })),
      )
      .execute();
  }
  const lessons = course.sections.flatMap((section, index) =>
    section.lessons.map((videoId) => ({ section: index, videoId })),
  );
  // At most MAX_COURSE_LESSONS rows, 4 values each: well under either database's bound.
  for (let start = 0; start < lessons.length; start += 200) {
    await trx
      .insertInto('course_lessons')
      .values(
        lessons.slice(start, start + 200).map((lesson, offset) => ({
          course_slug: course.slug,
          section: lesson.section,
          position: start + offset,
          video_id: lesson.videoId,
        })),
      )
      .execute();
  }
}
