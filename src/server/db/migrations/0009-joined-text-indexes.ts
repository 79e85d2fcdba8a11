import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * PostgreSQL's results-page text indexes, rebuilt so that their trigrams cross word boundaries.
 *
 * pg_trgm takes the trigrams of each word apart: `react crash course` gives those of `react`,
 * `crash` and `course`, which every `React Js Crash Course` title holds too. At a million videos
 * such a phrase, found nowhere, had the index propose some 40,000 videos that PostgreSQL then
 * read and checked one by one (0.7–0.9 s). The new indexes are on `codetube_joined(…)` of the
 * folded columns of migration 0008: every character that is not a letter or a digit becomes a
 * `z`, so a whole text is one word to pg_trgm and `reactzcrashzcourse` has trigrams such as
 * `tzc` that only the phrase itself holds. A search looks up pieces of its text joined the same
 * way (folded-match.ts) and checks the text itself on what they find. They replace migration
 * 0008's trigram indexes, which nothing else reads.
 *
 * On an existing million-video catalogue the migration took 28 s (the two builds; 40 and 142 MB
 * against 0008's 51 and 195 MB). Reads go on during the builds, catalogue writes wait. The drops
 * lock the table until the migrations' transaction commits (Kysely runs the pending ones in one
 * on PostgreSQL): reads of videos wait from there to the commit, about 1.5 s at a million videos
 * with 0010 and 0011 in the same start. SQLite is unchanged (its trigram tables match phrases,
 * migration 0007).
 */
export function joinedTextIndexes(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`
        create function codetube_joined(value text) returns text
        language sql immutable strict parallel safe
        as $$ select regexp_replace(value, '[^[:alnum:]]', 'z', 'g') $$`.execute(db);
      await sql`create index videos_title_joined_trgm on videos
        using gin (codetube_joined(title_folded) gin_trgm_ops)`.execute(db);
      await sql`create index videos_rest_joined_trgm on videos
        using gin (codetube_joined(rest_folded) gin_trgm_ops)`.execute(db);
      await sql`drop index videos_title_folded_trgm`.execute(db);
      await sql`drop index videos_rest_folded_trgm`.execute(db);
    },
  };
}
