import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * PostgreSQL's results-page fold (`codetube_fold`, migration 0003) also folds Greek final sigma:
 * `lower()` turns Σ into σ, never into ς, so 'ΟΔΥΣΣΕΥΣ' and 'οδυσσευς' folded apart and neither
 * found the other. The fold now ends with ς → σ, as the in-page store's and SQLite's do.
 *
 * The stored folded columns (0008) hold the old fold, which differs only where a text holds ς:
 * those rows are rewritten (setting their texts to themselves recomputes the columns and their
 * index entries), then the catalogue gets a new version and fresh statistics; finding them reads
 * the table once. A catalogue mostly in Greek is rewritten whole, in the one transaction of the
 * start's migrations (which keeps writes to the videos waiting until it ends). SQLite is unchanged.
 */
export function finalSigma(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      const { rows } = await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'unaccent'`.execute(db);
      const schema = sql.id(rows[0]?.schema ?? 'public');
      const dictionary = sql.lit(`${rows[0]?.schema ?? 'public'}.unaccent`);
      await sql`
        create or replace function codetube_fold(value text) returns text
        language sql immutable strict parallel safe
        as $$ select translate(lower(${schema}.unaccent(${dictionary}::regdictionary, value)),
          'ς', 'σ') $$`.execute(db);
      // Each stored column is recomputed when a column it is made of is set.
      const { numAffectedRows } = await sql`update videos
        set title = title, channel_name = channel_name, description = description
        where title like '%ς%' or channel_name like '%ς%' or description like '%ς%'`.execute(db);
      if (!numAffectedRows) return;
      // Servers still running on the old fold forget the answers they keep (a new catalogue
      // version), and the planner's samples of the folded columns are read anew.
      await sql`update meta set value = gen_random_uuid()::text
        where key = 'catalogue_version'`.execute(db);
      await sql`analyze videos`.execute(db);
    },
  };
}
