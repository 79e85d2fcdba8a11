import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';
import { POSITION_SPAN, rankKey } from '../search-rank';

/**
 * SQLite's text search, rebuilt so that no search reads more matches than the page it answers.
 *
 * Migration 0003 kept one FTS5 table over title, channel and description, keyed by position. Two
 * searches were slow on it at a million videos: a column filter (`title : "…"`) reads every match
 * in the other columns too (a word of every description, searched in titles, read a million
 * entries), and the results page, ranked by views, had to sort or walk all of its matches.
 *
 * Now three trigram tables, each with one job:
 * - `videos_title_search`: titles only, rowid = position (the home grid: catalogue order);
 * - `videos_title_ranked` and `videos_rest_ranked`: titles, and channel + description, whose
 *   rowid is the video's rank key (search-rank.ts: most viewed first, ties in catalogue order).
 *   FTS5 returns matches in rowid order, so the first N matches of the results page are read
 *   straight off the index and the reading stops there.
 *
 * The ranked tables are contentless (they keep only the index) and are kept in step with `videos`
 * by triggers, like the home grid's. PostgreSQL's indexes (migration 0003) are unchanged.
 */
export function rankedTextSearch(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sqliteRankedSearch(db);
    },
  };
}

async function sqliteRankedSearch(db: Kysely<unknown>) {
  for (const trigger of ['insert', 'delete', 'update']) {
    await sql`drop trigger videos_search_${sql.raw(trigger)}`.execute(db);
  }
  await sql`drop table videos_search`.execute(db);

  await sql`
    create virtual table videos_title_search using fts5(
      title, content = 'videos', content_rowid = 'position',
      tokenize = 'trigram remove_diacritics 1'
    )`.execute(db);
  for (const table of ['videos_title_ranked', 'videos_rest_ranked']) {
    await sql`
      create virtual table ${sql.raw(table)} using fts5(
        text, content = '', contentless_delete = 1,
        tokenize = 'trigram remove_diacritics 1'
      )`.execute(db);
  }

  const newKey = sql.raw(rankKey('new'));
  const oldKey = sql.raw(rankKey('old'));
  const rest = (row: string) => sql.raw(`${row}.channel_name || ' ' || ${row}.description`);
  await sql`
    create trigger videos_search_insert after insert on videos begin
      select raise(abort, 'the catalogue has used every position its search index can rank')
        where new.position >= ${sql.lit(POSITION_SPAN)};
      insert into videos_title_search (rowid, title) values (new.position, new.title);
      insert into videos_title_ranked (rowid, text) values (${newKey}, new.title);
      insert into videos_rest_ranked (rowid, text) values (${newKey}, ${rest('new')});
    end`.execute(db);
  await sql`
    create trigger videos_search_delete after delete on videos begin
      insert into videos_title_search (videos_title_search, rowid, title)
        values ('delete', old.position, old.title);
      delete from videos_title_ranked where rowid = ${oldKey};
      delete from videos_rest_ranked where rowid = ${oldKey};
    end`.execute(db);
  await sql`
    create trigger videos_search_update
    after update of position, views, title, channel_name, description on videos begin
      select raise(abort, 'the catalogue has used every position its search index can rank')
        where new.position >= ${sql.lit(POSITION_SPAN)};
      insert into videos_title_search (videos_title_search, rowid, title)
        values ('delete', old.position, old.title);
      insert into videos_title_search (rowid, title) values (new.position, new.title);
      delete from videos_title_ranked where rowid = ${oldKey};
      delete from videos_rest_ranked where rowid = ${oldKey};
      insert into videos_title_ranked (rowid, text) values (${newKey}, new.title);
      insert into videos_rest_ranked (rowid, text) values (${newKey}, ${rest('new')});
    end`.execute(db);

  await sql`insert into videos_title_search (videos_title_search) values ('rebuild')`.execute(db);
  await sql`insert into videos_title_ranked (rowid, text)
    select ${sql.raw(rankKey('videos'))}, title from videos`.execute(db);
  await sql`insert into videos_rest_ranked (rowid, text)
    select ${sql.raw(rankKey('videos'))}, ${rest('videos')} from videos`.execute(db);
}
