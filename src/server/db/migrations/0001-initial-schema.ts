import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * architecture §3's tables. The unique constraints are what refuse a duplicate add (the API's 409), so
 * two concurrent identical requests cannot both succeed. Every per-user row belongs to a user and
 * goes with them (on delete cascade); list rows reference catalogue videos.
 */
export function initialSchema(dialect: SqlDialectName): Migration {
  // An insertion counter as primary key: SQLite's `integer primary key` is the rowid (always
  // greater than every existing one), PostgreSQL's bigserial a sequence.
  const withSeq = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('seq', 'bigserial', (col) => col.primaryKey())
      : table.addColumn('seq', 'integer', (col) => col.primaryKey());

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('meta')
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('first_name', 'text', (col) => col.notNull())
        .addColumn('last_name', 'text', (col) => col.notNull())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('extras', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('categories')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('category_name', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('videos')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('position', 'integer', (col) => col.notNull())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('channel_name', 'text', (col) => col.notNull())
        .addColumn('views', 'bigint', (col) => col.notNull())
        .addColumn('uploaded_on', 'text', (col) => col.notNull())
        .addColumn('avatar', 'text', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull())
        .addColumn('category_name', 'text', (col) => col.notNull())
        .execute();

      for (const list of ['likes', 'history', 'watch_later']) {
        await withSeq(db.schema.createTable(list))
          .addColumn('user_id', 'text', (col) =>
            col.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('video_id', 'text', (col) =>
            col.notNull().references('videos.id').onDelete('cascade'),
          )
          .addColumn('added_at', 'text', (col) => col.notNull())
          .addUniqueConstraint(`${list}_user_video_unique`, ['user_id', 'video_id'])
          .execute();
      }

      await withSeq(db.schema.createTable('playlists'))
        .addColumn('id', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('playlists_user').on('playlists').column('user_id').execute();

      await withSeq(db.schema.createTable('playlist_videos'))
        .addColumn('playlist_id', 'text', (col) =>
          col.notNull().references('playlists.id').onDelete('cascade'),
        )
        .addColumn('video_id', 'text', (col) =>
          col.notNull().references('videos.id').onDelete('cascade'),
        )
        .addColumn('added_at', 'text', (col) => col.notNull())
        .addUniqueConstraint('playlist_videos_playlist_video_unique', ['playlist_id', 'video_id'])
        .execute();

      await withSeq(db.schema.createTable('notes'))
        .addColumn('id', 'text', (col) => col.notNull().unique())
        .addColumn('user_id', 'text', (col) =>
          col.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('video_id', 'text', (col) =>
          col.notNull().references('videos.id').onDelete('cascade'),
        )
        .addColumn('content', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('notes_user').on('notes').column('user_id').execute();

      await withSeq(db.schema.createTable('todos'))
        .addColumn('id', 'text', (col) => col.notNull().unique())
        .addColumn('title', 'text', (col) => col.notNull())
        .addColumn('completed', 'integer', (col) => col.notNull())
        .execute();
    },
  };
}
