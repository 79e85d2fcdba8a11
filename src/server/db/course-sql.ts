import type { Kysely, Transaction } from 'kysely';
import type { Course } from '../../contract/courses';
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

  /** Courses with their sections and lessons, in order: three reads in one snapshot. */
  private async read(slug?: string, trx?: Transaction<Database>): Promise<Course[]> {
    const work = async (db: Kysely<Database>) => {
      let courses = db.selectFrom('courses').select(['slug', 'title', 'description']);
      let sections = db.selectFrom('course_sections').select(['course_slug', 'position', 'title']);
      let lessons = db.selectFrom('course_lessons').select(['course_slug', 'section', 'video_id']);
      if (slug !== undefined) {
        courses = courses.where('slug', '=', slug);
        sections = sections.where('course_slug', '=', slug);
        lessons = lessons.where('course_slug', '=', slug);
      }
      const courseRows = await courses.orderBy('seq').execute();
      const sectionRows = await sections.orderBy('course_slug').orderBy('position').execute();
      const lessonRows = await lessons.orderBy('course_slug').orderBy('position').execute();
      const bySlug = new Map<string, Course>();
      for (const row of courseRows) {
        bySlug.set(row.slug, {
          slug: row.slug,
          title: row.title,
          description: row.description,
          sections: [],
        });
      }
      const sectionAt = new Map<string, Course['sections'][number]>();
      for (const row of sectionRows) {
        const course = bySlug.get(row.course_slug);
        if (!course) continue;
        const section = row.title === null ? { lessons: [] } : { title: row.title, lessons: [] };
        course.sections.push(section);
        sectionAt.set(`${row.course_slug} ${row.position}`, section);
      }
      for (const row of lessonRows) {
        sectionAt.get(`${row.course_slug} ${row.section}`)?.lessons.push(row.video_id);
      }
      return [...bySlug.values()];
    };
    if (trx) return work(trx);
    return this.db.transaction().execute((inner) => work(inner));
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

/** A course as read back: a section without a title has no `title` key. */
function storedCourse(course: Course): Course {
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
