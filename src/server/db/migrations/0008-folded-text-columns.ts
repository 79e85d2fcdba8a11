import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * PostgreSQL keeps the results page's folded texts as stored columns, `title_folded` and
 * `rest_folded` (channel and description), with their trigram indexes in place of migration
 * 0003's indexes on codetube_fold(...) expressions.
 *
 * A trigram index only proposes candidates; PostgreSQL then checks each one against the pattern.
 * On an expression index that check folds the row's text again, an unaccent() call per candidate
 * (and per row of a walk in views order): at a million videos a phrase of common words that
 * matches nothing checked some 40,000 candidates for over a second. On stored columns the check
 * is a plain LIKE. (A b-tree in views order including the two columns, for index-only walks,
 * made the walk faster but cannot hold a row whose texts exceed a b-tree entry's 8 KB: a long
 * description would fail its insert. It is left out.) SQLite is unchanged (its FTS5 tables fold as
 * they index, migration 0007).
 */
export function foldedTextColumns(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table videos
        add column title_folded text generated always as (codetube_fold(title)) stored,
        add column rest_folded text
          generated always as (codetube_fold(channel_name || ' ' || description)) stored`.execute(
        db,
      );
      await sql`create index videos_title_folded_trgm on videos
        using gin (title_folded gin_trgm_ops)`.execute(db);
      await sql`create index videos_rest_folded_trgm on videos
        using gin (rest_folded gin_trgm_ops)`.execute(db);
      await sql`drop index videos_title_fold_trgm`.execute(db);
      await sql`drop index videos_text_fold_trgm`.execute(db);
    },
  };
}
