import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * Indexes that let a million-video catalogue answer every screen without reading it whole:
 * catalogue order (position), a category in catalogue order, the most viewed (trending, Up next)
 * and a text index for substring search.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer (case-insensitive, accents removed) over
 *   title, channel and description, kept in step with `videos` by triggers; its rowid is the
 *   video's position, so matches come back in catalogue order.
 * - PostgreSQL: pg_trgm GIN indexes, on the title as it is (the home grid's case-sensitive LIKE)
 *   and on `codetube_fold(...)`, lower-cased and unaccented (the results page).
 *
 * `meta.catalogue_version` changes on every catalogue write: servers key their caches on it.
 */
export function catalogueSearch(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('videos_position')
        .unique()
        .on('videos')
        .column('position')
        .execute();
      await db.schema
        .createIndex('videos_category_position')
        .on('videos')
        .columns(['category_name', 'position'])
        .execute();
      await sql`create index videos_views on videos (views desc, position)`.execute(db);
      await sql`create index videos_category_views on videos (category_name, views desc, position)`.execute(
        db,
      );
      if (dialect === 'sqlite') await sqliteTextIndex(db);
      else await postgresTextIndex(db);
      await sql`insert into meta (key, value) values ('catalogue_version', 'initial')`.execute(db);
    },
  };
}

async function sqliteTextIndex(db: Kysely<unknown>) {
  await sql`
    create virtual table videos_search using fts5(
      title, channel_name, description,
      content = 'videos', content_rowid = 'position',
      tokenize = 'trigram remove_diacritics 1'
    )`.execute(db);
  await sql`
    create trigger videos_search_insert after insert on videos begin
      insert into videos_search (rowid, title, channel_name, description)
      values (new.position, new.title, new.channel_name, new.description);
    end`.execute(db);
  await sql`
    create trigger videos_search_delete after delete on videos begin
      insert into videos_search (videos_search, rowid, title, channel_name, description)
      values ('delete', old.position, old.title, old.channel_name, old.description);
    end`.execute(db);
  await sql`
    create trigger videos_search_update after update of position, title, channel_name, description
    on videos begin
      insert into videos_search (videos_search, rowid, title, channel_name, description)
      values ('delete', old.position, old.title, old.channel_name, old.description);
      insert into videos_search (rowid, title, channel_name, description)
      values (new.position, new.title, new.channel_name, new.description);
    end`.execute(db);
  await sql`insert into videos_search (videos_search) values ('rebuild')`.execute(db);
}

async function postgresTextIndex(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); an index needs an IMMUTABLE function,
  // so wrap it with the dictionary named in full, in whichever schema the extension lives.
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db);
  const schema = sql.id(rows[0]?.schema ?? 'public');
  const dictionary = sql.lit(`${rows[0]?.schema ?? 'public'}.unaccent`);
  await sql`
    create function codetube_fold(value text) returns text
    language sql immutable strict parallel safe
    as $$ select lower(${schema}.unaccent(${dictionary}::regdictionary, value)) $$`.execute(db);
  await sql`create index videos_title_trgm on videos using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index videos_title_fold_trgm on videos
    using gin (codetube_fold(title) gin_trgm_ops)`.execute(db);
  await sql`create index videos_text_fold_trgm on videos
    using gin (codetube_fold(channel_name || ' ' || description) gin_trgm_ops)`.execute(db);
}
