import { sql, type Kysely, type Migration } from 'kysely';
import type { SqlDialectName } from '../dialect';

/**
 * PostgreSQL's transcript triples (decision 0027's third update): `transcripts.triples`, a stored
 * tsvector of the distinct runs of three words said one after the other with one space between
 * each (`so_this_and`), GIN-indexed, no positions. Its pairs (0022) have no positions either, so a
 * phrase of three common words (`so this and`) had most transcripts for candidates, each checked
 * by its windows; the triple answers it (the first word asked as any word said that ends with it,
 * the last as a prefix), and a longer phrase's triples narrow it to the transcripts that nearly
 * always say it. The first two words are kept whole (at most 40 characters, else no triple), the
 * third cut at 40. None (null) past 900 KB, a candidate of every search, as `words` and `pairs`.
 * SQLite's pairs hold their positions (FTS5): it needs none.
 */
export function transcriptTriples(dialect: SqlDialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await postgresTranscriptTriples(db);
    },
  };
}

async function postgresTranscriptTriples(db: Kysely<unknown>) {
  await sql`create function codetube_transcript_triples(folded text) returns tsvector
    language sql immutable parallel safe as $$
      select case when coalesce(sum(octet_length(triple)), 0) < 900000
        then coalesce(array_to_tsvector(array_agg(triple)), ''::tsvector) end
      from (select distinct word || '_' || next || '_' || left(last, 40) as triple
        from (select m[1] as word, m[2] as gap,
            lead(m[1]) over runs as next, lead(m[2]) over runs as next_gap,
            lead(m[1], 2) over runs as last
          from regexp_matches(folded, '([a-z0-9]+)([^a-z0-9]*)', 'g') with ordinality as r (m, n)
          window runs as (order by n)
        ) as runs
        where gap = ' ' and next_gap = ' ' and last is not null
          and length(word) <= 40 and length(next) <= 40
      ) as triples
    $$`.execute(db);
  // Adding the generated column rewrites the table: the transcripts already there get theirs.
  await sql`alter table transcripts add column triples tsvector
    generated always as (codetube_transcript_triples(codetube_fold(text))) stored`.execute(db);
  await sql`create index transcripts_triples_gin on transcripts using gin (triples)
    with (fastupdate = off)`.execute(db);
  await sql`create index transcripts_without_triples on transcripts (video_id)
    where triples is null`.execute(db);
}
