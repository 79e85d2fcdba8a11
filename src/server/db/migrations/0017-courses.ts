import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * Issue 30: courses (operators' ordered lessons, sections of catalogue videos) and users' done
 * marks on their lessons. A lesson or a mark goes with its video, course or user (on delete
 * cascade); the indexes on video_id keep a video's removal from reading every lesson and mark.
 */
export function courses(dialect: SqlDialectName): Migration {
  const withSeq = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('seq', 'bigserial', (col) => col.primaryKey())
      : table.addColumn('seq', 'integer', (col) => col.primaryKey());
  return {
    async up(db: Kysely<unknown>) {
      await withSeq(db.schema.createTable('courses'))
        .addColumn('slug', 'text', (col) => col.notNull().unique())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('course_sections')
        .addColumn('course_slug', 'text', (col) =>
          col.notNull().references('courses.slug').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('title', 'text')
        .addPrimaryKeyConstraint('course_sections_pk', ['course_slug', 'position'])
        .execute();

      await db.schema
        .createTable('course_lessons')
        .addColumn('course_slug', 'text', (col) =>
          col.notNull().references('courses.slug').onDelete('cascade'),
        )
        .addColumn('section', 'integer', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('video_id', 'text', (col) =>
          col.notNull().references('videos.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('course_lessons_pk', ['course_slug', 'position'])
        .addUniqueConstraint('course_lessons_video_unique', ['course_slug', 'video_id'])
        .execute();
      await db.schema
        .createIndex('course_lessons_video')
        .on('course_lessons')
        .column('video_id')
        .execute();

      await db.schema
        .createTable('lesson_marks')
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('course_slug', 'text', (col) =>
          col.notNull().references('courses.slug').onDelete('cascade'),
        )
        .addColumn('video_id', 'text', (col) =>
          col.notNull().references('videos.id').onDelete('cascade'),
        )
        .addColumn('marked_at', 'text', (col) => col.notNull())
        .addPrimaryKeyConstraint('lesson_marks_pk', ['user_id', 'course_slug', 'video_id'])
        .execute();
      await db.schema
        .createIndex('lesson_marks_video')
        .on('lesson_marks')
        .column('video_id')
        .execute();
      await db.schema
        .createIndex('lesson_marks_course')
        .on('lesson_marks')
        .column('course_slug')
        .execute();
    },
  };
}
