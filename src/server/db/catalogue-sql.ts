import {
  sql,
  SqliteAdapter,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { Category, TranscriptMoment, Video } from '../../contract/entities';
import { HOME_SEARCH_SCAN } from '../../contract/limits';
import { countLimit } from '../../api/catalogue/paging';
import {
  sameVideo,
  videoFieldEntries,
  videoOf,
  type VideoFieldName,
  type VideoFields,
} from '../../contract/video-fields';
import {
  characterCount,
  foldForSearch,
  isPlainAscii,
  searchesShortScope,
  SHORT_SEARCH_SCOPE,
  TRIGRAM_LENGTH,
} from '../../api/catalogue/search-text';
import { newId } from '../../api/store/new-id';
import type {
  CatalogueChunk,
  PageRequest,
  UpsertCounts,
  VideoPage,
  VideoQuery,
} from '../../api/store/store';
import type { Database, VideosTable } from './schema';
import { foldedContains, likeContaining, type FoldedColumn } from './folded-match';
import { listVersionColumns } from './migrations/0011-list-versions';
import { RankedLists } from './ranked-lists';
import { ftsPhrase, rankedMatches } from './ranked-matches';
import { TRANSCRIPT_MATCHES } from '../../api/catalogue/transcript-text';
import { transcriptMatches, transcriptMoments } from './transcript-sql';

type VideoColumn = `videos.${VideoFields[VideoFieldName]['column']}`;

/** The columns of a video's fields (video-fields.ts), in field order. */
export const videoColumns: readonly VideoColumn[] = videoFieldEntries.map(
  ([, field]) => `videos.${field.column}` as VideoColumn,
);

export type VideoRow = Omit<Selectable<VideosTable>, 'position' | 'source'>;

export function toVideo(row: VideoRow): Video {
  const columns = row as unknown as Record<string, unknown>;
  // A null column is an absent field (an unknown duration), never an undefined one.
  return videoOf((_name, field) => {
    const value = columns[field.column];
    return field.sql === 'text' || value === null ? value : Number(value);
  }) as Video;
}

/**
 * A video's columns: an absent optional field is null with `absent: 'null'` (an update forgets
 * it), left out with `absent: 'omit'` (an insert: rows still go into databases from before the
 * migration that added its column).
 */
function videoColumnValues(video: Video, absent: 'null' | 'omit'): Record<string, unknown> {
  const values = video as Record<string, unknown>;
  const columns: Record<string, unknown> = {};
  for (const [name, field] of videoFieldEntries) {
    const value = values[name];
    if (value !== undefined) columns[field.column] = value;
    else if (absent === 'null') columns[field.column] = null;
  }
  return columns;
}

export function videoRow(video: Video, position: number, source?: string): Insertable<VideosTable> {
  return {
    ...(videoColumnValues(video, 'omit') as Insertable<VideosTable>),
    position,
    ...(source === undefined ? {} : { source }),
  };
}

/**
 * PostgreSQL checks fewer titles than HOME_SEARCH_SCAN in a home search: each one is a table row
 * fetched (SQLite reads its titles off the rows its index walk already holds), so 20,000 cost a
 * crafted search 120-180 ms at a million videos (2026-11-28, \`npm run bench -- worst-catalogue\`),
 * over the 100 ms that one request may cost (issue 26).
 */
export const POSTGRES_HOME_SEARCH_SCAN = 8_000;
/** Rows per INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
export const INSERT_BATCH = 1_000;

/**
 * PostgreSQL walks at most this many videos in views order for a group its planner expects to be
 * dense; a list not filled by then is read through the text index instead (a wrong estimate must
 * not cost a walk through the whole catalogue).
 */
const WALK_BUDGET = 50_000;
/**
 * PostgreSQL: titles (folded) of up to this many bytes are in the views-ordered b-tree of
 * migration 0010; a b-tree entry holds at most about 2,700.
 */
const WALKED_TITLE_BYTES = 2_000;
/**
 * How long a catalogue version read is reused (CatalogueSql.version): the longest another
 * process's import stays unseen here.
 */
const VERSION_REUSE_MS = 10;

/** SQLite's text indexes (migration 0007). */
const TEXT_INDEXES = ['videos_title_search', 'videos_title_ranked', 'videos_rest_ranked'] as const;
/** Pages one step of merging a text index writes (about 8 MB; a fraction of a second). */
const MERGE_STEP_PAGES = 2_000;
/** A bound on the steps, should writers keep adding segments meanwhile. */
const MAX_MERGE_STEPS = 10_000;

/** A home search's first matches (positions, in catalogue order) and whether it stopped early. */
interface HomeMatches {
  positions: number[];
  stopped: boolean;
}

/** One of the most viewed videos, with its texts folded for a short search. */
interface ScopeVideo {
  position: number;
  title: string;
  rest: string;
}

/** The position after the last row of a positioned table (0 when it is empty). */
async function nextPosition(trx: Transaction<Database>, table: 'videos' | 'categories') {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * A search's ranked list from its groups, each read most viewed first by `read(group, need)`: up
 * to `limit + 1` title matches, then, when they are fewer, the transcript matches (`spoken`) that
 * are not title matches, then the channel and description matches that are neither. A later group
 * is read far enough to make up for the earlier groups' matches it also holds. Transcript matches
 * are kept as `spokenEntry(position)` (see rankedPageOf).
 */
async function titleMatchesFirst(
  limit: number,
  read: (group: 'title' | 'rest', need: number) => Promise<number[]>,
  spoken?: (need: number) => Promise<number[]>,
): Promise<number[]> {
  const ranked = await read('title', limit + 1);
  if (ranked.length > limit) return ranked;
  const seen = new Set(ranked);
  if (spoken) {
    for (const position of await spoken(limit + 1 + seen.size)) {
      if (seen.has(position)) continue;
      seen.add(position);
      ranked.push(spokenEntry(position));
    }
    if (ranked.length > limit) return ranked.slice(0, limit + 1);
  }
  const rest = await read('rest', limit + 1 + seen.size);
  return [...ranked, ...rest.filter((position) => !seen.has(position))].slice(0, limit + 1);
}

/**
 * A transcript match in a ranked list: its position as a negative number, so the kept list stays
 * an array of numbers and the page knows which of its videos to find the moment of.
 */
const spokenEntry = (position: number) => -1 - position;
const isSpoken = (entry: number) => entry < 0;
const positionOfEntry = (entry: number) => (entry < 0 ? -1 - entry : entry);

/**
 * No stored text holds it (writes refuse it), so a search for it finds nothing; the databases would
 * refuse it in a query (FTS5 ends a string at it, PostgreSQL's text cannot hold it).
 */
export const NUL = '\u0000';

/**
 * The catalogue's reads and writes in SQL. Reads use the indexes of migration 0003, so none reads
 * the whole table: a page is found through an index in the order it is shown, and a search counts
 * its matches only up to `countLimit`. Writes change `meta.catalogue_version`.
 */
export class CatalogueSql {
  private readonly sqlite: boolean;
  private recentVersion: { value: Promise<string>; at: number } | undefined;
  private writesInProgress = 0;
  private readonly rankedLists = new RankedLists();
  private shortScope: { version: string; videos: Promise<ScopeVideo[]> } | undefined;
  private samples: { version: string; read: Promise<Record<FoldedColumn, string[]>> } | undefined;

  /**
   * @param denseGroup PostgreSQL: a results-page group the planner expects to hold more matches
   *   than this is walked in views order first (tests set it to exercise that path on a small
   *   catalogue; unset, the walk is tried when it is expected to find the page's matches)
   * @param reads where the pages, searches, Up next and chips are read: SQLite's read pool
   *   (read-pool.ts), or `db`; the version, the count, a results page's videos by position and
   *   every write stay on `db`
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly denseGroup?: number,
    private readonly reads: Kysely<Database> = db,
  ) {
    this.sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  }

  /**
   * The catalogue version, read at most once per VERSION_REUSE_MS: every catalogue request asks
   * for it, and under load a read per request costs more than the answer it guards. A write of
   * this process forgets it at once; another process's write shows within VERSION_REUSE_MS.
   */
  version(): Promise<string> {
    const now = performance.now();
    if (this.recentVersion && now - this.recentVersion.at < VERSION_REUSE_MS) {
      return this.recentVersion.value;
    }
    const value = this.readVersion();
    if (this.writesInProgress === 0) {
      const recent = { value, at: now };
      this.recentVersion = recent;
      value.catch(() => {
        if (this.recentVersion === recent) this.recentVersion = undefined;
      });
    }
    return value;
  }

  private async readVersion(): Promise<string> {
    const row = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'catalogue_version')
      .executeTakeFirst();
    return row?.value ?? 'none';
  }

  /**
   * A catalogue write: one transaction that first gives the catalogue a new version (which takes
   * the write lock before anything is read), then `work`. The remembered version is forgotten
   * when it ends, committed or not.
   */
  async write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    this.writesInProgress += 1;
    this.forgetVersion();
    try {
      return await this.db.transaction().execute(async (trx) => {
        await this.bumpVersion(trx);
        return work(trx);
      });
    } finally {
      this.writesInProgress -= 1;
      this.forgetVersion();
    }
  }

  /** After a catalogue write made outside `write` (the first seed): read the version anew. */
  forgetVersion(): void {
    this.recentVersion = undefined;
  }

  /** The catalogue's size, kept in `meta.video_count` by every write (no count over a million rows). */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('meta')
      .select('value')
      .where('key', '=', 'video_count')
      .executeTakeFirst();
    return Number(row?.value ?? 0);
  }

  /**
   * The home grid and a channel's page: exact category and channel, case-sensitive title
   * substring, catalogue order.
   */
  async query({
    category,
    channel,
    search,
    offset,
    limit,
    scan = HOME_SEARCH_SCAN,
  }: VideoQuery): Promise<VideoPage> {
    if ([search, category, channel].some((text) => text?.includes(NUL))) {
      return { videos: [], total: 0 };
    }
    if (!search) {
      let matching = this.reads.selectFrom('videos');
      if (category !== undefined) matching = matching.where('category_name', '=', category);
      if (channel !== undefined) matching = matching.where('channel_name', '=', channel);
      const onPage = (selected: typeof matching) =>
        selected.orderBy('position').limit(limit).offset(offset);
      const [rows, total] = await Promise.all([
        this.sqlite
          ? onPage(matching).select(videoColumns).execute()
          : // PostgreSQL skips `offset` rows on the index alone (index-only), then reads the page's.
            this.reads
              .selectFrom('videos')
              .select(videoColumns)
              .where('position', 'in', onPage(matching).select('position'))
              .orderBy('position')
              .execute(),
        // The whole catalogue's size is kept in meta; a category's or a channel's is counted on
        // its index.
        category === undefined && channel === undefined
          ? this.count()
          : matching
              .select((eb) => eb.fn.countAll<number | string>().as('total'))
              .executeTakeFirst()
              .then((row) => Number(row?.total ?? 0)),
      ]);
      return { videos: rows.map(toVideo), total };
    }
    const filters = sql`${category === undefined ? sql`` : sql`and v.category_name = ${category}`}
      ${channel === undefined ? sql`` : sql`and v.channel_name = ${channel}`}`;
    const page = { offset, limit };
    const found = this.sqlite
      ? await this.sqliteHomeMatches(search, filters, countLimit(page), scan)
      : await this.postgresHomeMatches(
          search,
          filters,
          countLimit(page),
          Math.min(scan, POSTGRES_HOME_SEARCH_SCAN),
        );
    return this.homePage(found, page);
  }

  /**
   * The first `limit + 1` matches of a home search, in catalogue order, among its first `scan`
   * candidates: the titles the trigram index proposes (the text in any case, accents folded), or
   * for a text too short for a trigram every video of the category and channel. The exact-case
   * check (instr) runs on those only, so a text that a million titles hold in another case costs
   * `scan` lookups, not a million. `stopped` when candidates remain after them.
   */
  private async sqliteHomeMatches(
    search: string,
    filters: RawBuilder<unknown>,
    limit: number,
    scan: number,
  ): Promise<HomeMatches> {
    const candidates = (count: number) =>
      characterCount(search) >= TRIGRAM_LENGTH
        ? sql`select rowid as position from videos_title_search
            where videos_title_search match ${ftsPhrase(search)} order by rowid limit ${count}`
        : sql`select v.position from videos v where 1 = 1 ${filters}
            order by v.position limit ${count}`;
    // CROSS JOIN keeps the candidates the outer loop: the matches come in their order and the
    // read ends at the `limit + 1`th.
    const [matches, counted] = await Promise.all([
      sql<{ position: number }>`select v.position from (${candidates(scan)}) c
        cross join videos v on v.position = c.position
        where instr(v.title, ${search}) > 0 ${filters} limit ${limit + 1}`.execute(this.reads),
      sql<{ total: number | string }>`select count(*) as total
        from (${candidates(scan + 1)}) c`.execute(this.reads),
    ]);
    return {
      positions: matches.rows.map((row) => Number(row.position)).sort((a, b) => a - b),
      stopped: Number(counted.rows[0]?.total ?? 0) > scan,
    };
  }

  /**
   * PostgreSQL's home search, `scan` titles checked in all: the first half of them are the first
   * videos of the category and channel, walked in catalogue order (a common text fills the page
   * and the count there); when they hold fewer than `limit + 1` matches and more videos follow,
   * the titles after them that hold the text in any case (the joined trigram index of the folded
   * titles, as the results page reads it) are the other half. More than that, or a text that
   * index cannot look up (too short, no letter or digit): `stopped`, with the walk's matches.
   */
  private async postgresHomeMatches(
    search: string,
    filters: RawBuilder<unknown>,
    limit: number,
    scan: number,
  ): Promise<HomeMatches> {
    const pattern = likeContaining(search);
    const walked = Math.ceil(scan / 2);
    const looked = scan - walked;
    const [walk, bound] = await Promise.all([
      sql<{ position: number }>`select w.position from
        (select v.position, v.title from videos v where 1 = 1 ${filters}
          order by v.position limit ${walked} offset 0) w
        where w.title like ${pattern} order by w.position limit ${limit + 1}`.execute(this.reads),
      // The last video walked, and the next one if there is one (index only).
      sql<{ position: number }>`select v.position from videos v where 1 = 1 ${filters}
        order by v.position limit 2 offset ${walked - 1}`.execute(this.reads),
    ]);
    const positions = walk.rows.map((row) => Number(row.position));
    const lastWalked = bound.rows[0]?.position;
    if (positions.length > limit || bound.rows.length < 2 || lastWalked === undefined) {
      return { positions, stopped: false };
    }
    if (searchesShortScope(foldForSearch(search))) return { positions, stopped: true };
    const [folded, samples] = await Promise.all([this.fold(search), this.foldedSamples()]);
    // OFFSET 0: the index finds the candidates and the check runs on at most `looked + 1` of them;
    // one row comes back.
    const { rows } = await sql<{ examined: number | string; hits: number[] | null }>`select
        count(*) as examined,
        array_agg(c.position order by c.position) filter (where c.title like ${pattern}) as hits
      from (select v.position, v.title from videos v
        where ${foldedContains('title_folded', folded, samples.title_folded)}
        and v.position > ${lastWalked} ${filters} limit ${looked + 1} offset 0) c`.execute(
      this.reads,
    );
    const examined = Number(rows[0]?.examined ?? 0);
    if (examined > looked) return { positions, stopped: true };
    const after = (rows[0]?.hits ?? []).map(Number);
    return { positions: [...positions, ...after].slice(0, limit + 1), stopped: false };
  }

  /** A home search's page of its matches, its count up to `countLimit`, and whether it stopped. */
  private async homePage(found: HomeMatches, page: PageRequest): Promise<VideoPage> {
    const limit = countLimit(page);
    const videos = await this.videosAt(
      found.positions.slice(page.offset, page.offset + page.limit),
    );
    const total = Math.min(found.positions.length, limit);
    if (found.positions.length > limit) return { videos, total, totalCapped: true };
    return found.stopped ? { videos, total, searchStopped: true } : { videos, total };
  }

  /** The most viewed first, ties in catalogue order. */
  async trending({ offset, limit }: PageRequest): Promise<VideoPage> {
    const onPage = this.reads
      .selectFrom('videos')
      .orderBy('views', 'desc')
      .orderBy('position')
      .limit(limit)
      .offset(offset);
    const [rows, total] = await Promise.all([
      this.sqlite
        ? onPage.select(videoColumns).execute()
        : // PostgreSQL skips `offset` rows on the views index alone (index-only), then reads the
          // page's.
          this.reads
            .selectFrom('videos')
            .select(videoColumns)
            .where('position', 'in', onPage.select('position'))
            .orderBy('views', 'desc')
            .orderBy('position')
            .execute(),
      this.count(),
    ]);
    return { videos: rows.map(toVideo), total };
  }

  /**
   * The results page: title, channel or description, without case or accents; title matches
   * first, each group by views. A page is a slice of the search's ranked list: the positions of its
   * first `countLimit + 1` matches in page order (`rankedList`, kept per catalogue version for the
   * next pages), read off SQLite's ranked text indexes, PostgreSQL's group by group, or for a text
   * too short for trigrams from the most viewed videos held in memory.
   */
  async search(text: string, page: PageRequest): Promise<VideoPage> {
    if (text.includes(NUL)) return { videos: [], total: 0 };
    const limit = countLimit(page);
    const short = foldForSearch(text);
    if (searchesShortScope(short)) {
      const ranked = await this.rankedList(`short:${short}`, limit, () =>
        this.shortScopeMatches(short, limit),
      );
      return this.rankedPageOf(ranked, page, limit);
    }
    const folded = this.sqlite ? short : await this.fold(text);
    const key = `text:${folded}`;
    const ranked = await this.rankedList(key, limit, () =>
      this.sqlite ? this.textIndexMatches(folded, limit) : this.groupMatches(folded, limit),
    );
    return this.rankedPageOf(ranked, page, limit, { key, folded: short });
  }

  /** The first `need` videos whose transcript says `folded`, most viewed first (positions). */
  private spoken(folded: string) {
    return (need: number) =>
      transcriptMatches(this.reads, this.sqlite, folded, Math.min(need, TRANSCRIPT_MATCHES));
  }

  /**
   * A search's ranked positions, up to `limit + 1` of them (one more than the count limit tells
   * that there are more), from the kept lists when this catalogue version has read them.
   */
  private async rankedList(
    key: string,
    limit: number,
    read: () => Promise<number[]>,
  ): Promise<number[]> {
    const version = await this.version();
    const kept = this.rankedLists.get(version, key, limit);
    if (kept) return kept;
    const positions = await read();
    this.rankedLists.set(version, key, limit, positions);
    return positions;
  }

  /** A page of a ranked list, and its count up to `limit`. */
  private async rankedPageOf(
    ranked: number[],
    page: PageRequest,
    limit: number,
    spoken?: { key: string; folded: string },
  ): Promise<VideoPage> {
    const entries = ranked.slice(page.offset, page.offset + page.limit);
    const spokenAt = entries.filter(isSpoken).map(positionOfEntry);
    const [videos, found] = await Promise.all([
      this.videosAt(entries.map(positionOfEntry)),
      spoken === undefined ? new Map<number, TranscriptMoment>() : this.momentsAt(spoken, spokenAt),
    ]);
    const byId = new Map([...found.values()].map((moment) => [moment.videoId, moment]));
    const moments = videos.flatMap((video) => byId.get(video._id) ?? []);
    return {
      videos,
      total: Math.min(ranked.length, limit),
      ...(ranked.length > limit ? { totalCapped: true } : {}),
      ...(moments.length > 0 ? { moments } : {}),
    };
  }

  /**
   * The moments of a page's transcript matches (positions): read for this page's videos only, and
   * kept with the search's ranked list, so a repeated page reads no transcript (an hour is ~65 KB).
   */
  private async momentsAt(
    { key, folded }: { key: string; folded: string },
    positions: number[],
  ): Promise<Map<number, TranscriptMoment>> {
    if (positions.length === 0) return new Map();
    const version = await this.version();
    const kept = this.rankedLists.momentsOf(version, key);
    const missing = positions.filter((position) => !kept?.has(position));
    const found = await transcriptMoments(this.db, missing, folded);
    if (kept) this.rankedLists.keepMoments(version, key, missing, found);
    const moments = new Map<number, TranscriptMoment>();
    for (const position of positions) {
      const moment = found.get(position) ?? kept?.get(position);
      if (moment) moments.set(position, moment);
    }
    return moments;
  }

  /**
   * SQLite's ranked text indexes (migration 0007), whose rowids are in the page's order: the first
   * matches of each group are the most viewed, so only as many are read as the count needs
   * (`limit` + 1), never all of them. Title matches come first; then channel and description
   * matches that are not title matches.
   */
  private async textIndexMatches(folded: string, limit: number): Promise<number[]> {
    return titleMatchesFirst(
      limit,
      (group, need) =>
        rankedMatches(
          this.reads,
          group === 'title' ? 'videos_title_ranked' : 'videos_rest_ranked',
          folded,
          need,
        ),
      this.spoken(folded),
    );
  }

  /**
   * A text too short for a trigram index is looked for among the SHORT_SEARCH_SCOPE most viewed
   * videos only, so its cost is bounded however rare the text is. Their folded texts are held in
   * memory per catalogue version (a few MB), so such a search is a scan of that array.
   */
  private async shortScopeMatches(folded: string, limit: number): Promise<number[]> {
    const videos = await this.scopeVideos();
    const inTitle: number[] = [];
    const inRest: number[] = [];
    for (const video of videos) {
      if (video.title.includes(folded)) inTitle.push(video.position);
      else if (video.rest.includes(folded)) inRest.push(video.position);
    }
    return [...inTitle, ...inRest].slice(0, limit + 1);
  }

  private async scopeVideos(): Promise<ScopeVideo[]> {
    const version = await this.version();
    if (this.shortScope?.version !== version) {
      const videos = this.reads
        .selectFrom('videos')
        .select(['position', 'title', 'channel_name', 'description'])
        .orderBy('views', 'desc')
        .orderBy('position')
        .limit(SHORT_SEARCH_SCOPE)
        .execute()
        .then((rows) =>
          rows.map((row) => ({
            position: Number(row.position),
            title: foldForSearch(row.title),
            rest: foldForSearch(`${row.channel_name} ${row.description}`),
          })),
        );
      const scope = { version, videos };
      this.shortScope = scope;
      videos.catch(() => {
        if (this.shortScope === scope) this.shortScope = undefined;
      });
    }
    return this.shortScope.videos;
  }

  /**
   * The videos at these positions, in the order given: at most a page of primary-key lookups, read
   * on the process's connection at once rather than after the read threads' queue.
   */
  private async videosAt(positions: number[]): Promise<Video[]> {
    if (positions.length === 0) return [];
    const rows = await this.db
      .selectFrom('videos')
      .select([...videoColumns, 'videos.position'])
      .where('position', 'in', positions)
      .execute();
    const byPosition = new Map(rows.map((row) => [Number(row.position), row]));
    return positions.flatMap((position) => {
      const row = byPosition.get(position);
      return row ? [toVideo(row)] : [];
    });
  }

  /**
   * The text folded as PostgreSQL's search indexes fold it (lower(unaccent(…))); plain ASCII has
   * nothing to unaccent, so it is lower-cased here without asking the database.
   */
  private async fold(text: string): Promise<string> {
    if (isPlainAscii(text)) return text.toLowerCase();
    const { rows } = await sql<{ folded: string }>`select codetube_fold(${text}) as folded`.execute(
      this.db,
    );
    return rows[0]?.folded ?? foldForSearch(text);
  }

  /**
   * PostgreSQL's ranked list: title matches, then channel or description matches that are not
   * title matches, each most viewed first. The trigram indexes on the folded columns (migration
   * 0008) serve these LIKEs.
   */
  private async groupMatches(folded: string, limit: number): Promise<number[]> {
    const pattern = likeContaining(folded);
    const [size, samples] = await Promise.all([this.count(), this.foldedSamples()]);
    return titleMatchesFirst(
      limit,
      (group, need) => {
        const column = group === 'title' ? 'title_folded' : 'rest_folded';
        return this.groupPositions(
          column,
          sql`${sql.ref(`v.${column}`)} like ${pattern}`,
          foldedContains(column, folded, samples[column]),
          need,
          size,
        );
      },
      this.spoken(folded),
    );
  }

  /**
   * The planner's sample of each folded column (pg_stats: its most common values and histogram),
   * read once per catalogue version: which words of a search are rare (folded-match.ts).
   */
  private async foldedSamples(): Promise<Record<FoldedColumn, string[]>> {
    const version = await this.version();
    if (this.samples?.version !== version) {
      const read = sql<{ column: FoldedColumn; sample: string[] | null }>`select
          attname as column,
          coalesce(most_common_vals::text::text[], '{}')
            || coalesce(histogram_bounds::text::text[], '{}') as sample
        from pg_stats where schemaname = current_schema() and tablename = 'videos'
          and attname in ('title_folded', 'rest_folded')`
        .execute(this.db)
        .then(({ rows }) => {
          const samples: Record<FoldedColumn, string[]> = { title_folded: [], rest_folded: [] };
          for (const row of rows) samples[row.column] = row.sample ?? [];
          return samples;
        });
      const kept = { version, read };
      this.samples = kept;
      read.catch(() => {
        if (this.samples === kept) this.samples = undefined;
      });
    }
    return this.samples.read;
  }

  /**
   * The first `need` videos satisfying `condition`, most viewed first. When the planner expects
   * enough matches that walking the views index finds `need` of them within WALK_BUDGET videos,
   * that walk is tried first; otherwise, or when the walk comes back short (a wrong estimate), every
   * match is read through the text index (`indexed`: the same condition, put as the index reads it
   * best) and the first `need` kept.
   */
  private async groupPositions(
    column: FoldedColumn,
    condition: RawBuilder<unknown>,
    indexed: RawBuilder<unknown>,
    need: number,
    size: number,
  ): Promise<number[]> {
    if (size > 0 && (await this.walkPays(condition, need, size))) {
      if (column === 'title_folded') {
        const walked = await this.titleWalk(condition, need, size);
        if (walked) return walked;
      } else {
        // OFFSET 0 keeps PostgreSQL from pushing the condition down into a bitmap scan: the rows
        // come in views order and the walk stops at `need` matches or WALK_BUDGET videos.
        const { rows } = await sql<{ position: number }>`select v.position from
          (select position, rest_folded from videos
            order by views desc, position limit ${WALK_BUDGET} offset 0) v
          where ${condition} limit ${need}`.execute(this.db);
        if (rows.length === need || size <= WALK_BUDGET)
          return rows.map((row) => Number(row.position));
      }
    }
    // OFFSET 0 here keeps the planner from walking the views index instead: every match is read
    // through the text index, then the first `need` sorted out.
    const { rows } = await sql<{ position: number }>`select m.position from
      (select v.position, v.views from videos v where ${indexed} offset 0) m
      order by m.views desc, m.position limit ${need}`.execute(this.db);
    return rows.map((row) => Number(row.position));
  }

  /**
   * The walk of the title group: titles of up to WALKED_TITLE_BYTES are walked on the b-tree of
   * migration 0010, which holds them in views order (index-only: no video row is read); the few
   * longer ones, which a b-tree entry could not hold, are read apart on an index of their own and
   * merged in. The first `need` matches in views order, or undefined when WALK_BUDGET short titles
   * held fewer than `need` and the catalogue has more.
   */
  private async titleWalk(
    condition: RawBuilder<unknown>,
    need: number,
    size: number,
  ): Promise<number[] | undefined> {
    const short = sql.lit(WALKED_TITLE_BYTES);
    const [walked, long] = await Promise.all([
      // OFFSET 0 keeps PostgreSQL from pushing the condition down into a bitmap scan.
      sql<{ position: number; views: number | string }>`select v.position, v.views from
        (select position, views, title_folded from videos
          where octet_length(title_folded) <= ${short}
          order by views desc, position limit ${WALK_BUDGET} offset 0) v
        where ${condition} limit ${need}`.execute(this.db),
      sql<{ position: number; views: number | string }>`select v.position, v.views from videos v
        where octet_length(v.title_folded) > ${short} and ${condition}
        order by v.views desc, v.position limit ${need}`.execute(this.db),
    ]);
    if (walked.rows.length < need && size > WALK_BUDGET) return undefined;
    return [...walked.rows, ...long.rows]
      .map((row) => ({ position: Number(row.position), views: Number(row.views) }))
      .sort((a, b) => b.views - a.views || a.position - b.position)
      .slice(0, need)
      .map((row) => row.position);
  }

  /** Whether the planner expects a walk of WALK_BUDGET videos to find `need` matches. */
  private async walkPays(condition: RawBuilder<unknown>, need: number, size: number) {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain
      (format json) select 1 from videos v where ${condition}`.execute(this.db);
    const expected = rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
    if (this.denseGroup !== undefined) return expected > this.denseGroup;
    return expected * Math.min(WALK_BUDGET, size) >= need * size;
  }

  /** Others of the video's category by views, then the most viewed of the rest. */
  async upNext(video: Video, limit: number): Promise<Video[]> {
    const same = await this.reads
      .selectFrom('videos')
      .select(videoColumns)
      .where('category_name', '=', video.categoryName)
      .where('id', '<>', video._id)
      .orderBy('views', 'desc')
      .orderBy('position')
      .limit(limit)
      .execute();
    if (same.length === limit) return same.map(toVideo);
    const rest = await this.reads
      .selectFrom('videos')
      .select(videoColumns)
      .where('category_name', '<>', video.categoryName)
      .orderBy('views', 'desc')
      .orderBy('position')
      .limit(limit - same.length)
      .execute();
    return [...same, ...rest].map(toVideo);
  }

  /**
   * Distinct category names in order of first appearance, by a loose index scan: each step jumps
   * to the next name in the (category_name, position) index instead of reading every video.
   */
  async categoryNames(): Promise<string[]> {
    const { rows } = await sql<{ name: string }>`
      with recursive names (name) as (
        select min(category_name) from videos
        union all
        select (select min(category_name) from videos where category_name > names.name)
        from names where names.name is not null
      )
      select name from names where name is not null
      order by (select min(position) from videos where category_name = names.name)`.execute(
      this.reads,
    );
    return rows.map((row) => row.name);
  }

  /**
   * Inserts or updates by id in one transaction; new videos go to the end of the catalogue. With
   * a `source`, every video of the call is that source's, changed or not (Store.upsertVideos).
   */
  async upsertVideos(videos: Video[], source?: string): Promise<UpsertCounts> {
    const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
    if (videos.length === 0) return counts;
    // The version written first takes SQLite's write lock at once (no upgrade from a read lock
    // that could fail), and on PostgreSQL the row lock orders concurrent imports one after another.
    await this.write(async (trx) => {
      const existing = new Map<string, VideoRow>();
      for (let start = 0; start < videos.length; start += INSERT_BATCH) {
        const ids = videos.slice(start, start + INSERT_BATCH).map((video) => video._id);
        const rows = await trx
          .selectFrom('videos')
          .select(videoColumns)
          .where('id', 'in', ids)
          .execute();
        for (const row of rows) existing.set(row.id, row);
      }
      const fresh: Video[] = [];
      const unchanged: string[] = [];
      for (const video of videos) {
        const row = existing.get(video._id);
        if (!row) fresh.push(video);
        else if (sameVideo(toVideo(row), video)) unchanged.push(video._id);
        else {
          // A field the file no longer gives (a duration) is forgotten.
          const { id: _id, ...changes } = videoColumnValues(video, 'null');
          await trx
            .updateTable('videos')
            .set({
              ...(changes as Updateable<VideosTable>),
              ...(source === undefined ? {} : { source }),
            })
            .where('id', '=', video._id)
            .execute();
          counts.updated += 1;
        }
      }
      counts.unchanged = unchanged.length;
      if (source !== undefined) {
        for (let start = 0; start < unchanged.length; start += INSERT_BATCH) {
          const ids = unchanged.slice(start, start + INSERT_BATCH);
          await trx
            .updateTable('videos')
            .set({ source })
            .where('id', 'in', ids)
            .where((eb) => eb.or([eb('source', 'is', null), eb('source', '!=', source)]))
            .execute();
        }
      }
      counts.added = await this.appendVideos(trx, fresh, source);
    });
    return counts;
  }

  /** The ids of a source's videos, on the partial index of migration 0016. */
  async idsOfSource(source: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select('id')
      .where('source', '=', source)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Appends videos after the last position and counts them into `meta.video_count`. */
  async appendVideos(
    trx: Transaction<Database>,
    videos: Iterable<Video>,
    source?: string,
  ): Promise<number> {
    let position = await nextPosition(trx, 'videos');
    let batch: Insertable<VideosTable>[] = [];
    let added = 0;
    const flush = async () => {
      if (batch.length > 0) await trx.insertInto('videos').values(batch).execute();
      added += batch.length;
      batch = [];
    };
    for (const video of videos) {
      batch.push(videoRow(video, position++, source));
      if (batch.length === INSERT_BATCH) await flush();
    }
    await flush();
    await this.addToVideoCount(trx, added);
    return added;
  }

  async upsertCategories(categories: Category[]): Promise<UpsertCounts> {
    const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
    if (categories.length === 0) return counts;
    await this.write(async (trx) => {
      let position = await nextPosition(trx, 'categories');
      for (const category of categories) {
        const row = await trx
          .selectFrom('categories')
          .select(['category_name', 'description'])
          .where('id', '=', category._id)
          .executeTakeFirst();
        const fields = { category_name: category.categoryName, description: category.description };
        if (!row) {
          await trx
            .insertInto('categories')
            .values({ id: category._id, position: position++, ...fields })
            .execute();
          counts.added += 1;
        } else if (
          row.category_name === fields.category_name &&
          row.description === fields.description
        ) {
          counts.unchanged += 1;
        } else {
          await trx.updateTable('categories').set(fields).where('id', '=', category._id).execute();
          counts.updated += 1;
        }
      }
    });
    return counts;
  }

  /** Removes videos; list entries, notes and positions go with them (foreign-key cascade). */
  async remove(videoIds: string[]): Promise<number> {
    if (videoIds.length === 0) return 0;
    return this.write(async (trx) => {
      if (!this.sqlite) await lockBeforeRemoval(trx, videoIds);
      let removed = 0;
      for (let start = 0; start < videoIds.length; start += INSERT_BATCH) {
        const ids = videoIds.slice(start, start + INSERT_BATCH);
        const result = await trx.deleteFrom('videos').where('id', 'in', ids).executeTakeFirst();
        removed += Number(result.numDeletedRows);
      }
      await this.addToVideoCount(trx, -removed);
      return removed;
    });
  }

  /** A chunk of the catalogue after a position, in catalogue order (keyset, not offset). */
  /** Ids in catalogue order from `offset`, on the read threads (see Store.catalogueIds). */
  async ids(offset: number, limit: number): Promise<string[]> {
    const rows = await this.reads
      .selectFrom('videos')
      .select('id')
      .orderBy('position')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }

  async read(after: string | undefined, limit: number): Promise<CatalogueChunk> {
    let query = this.db.selectFrom('videos').select([...videoColumns, 'videos.position']);
    if (after !== undefined) query = query.where('position', '>', Number(after));
    const rows = await query.orderBy('position').limit(limit).execute();
    const videos = rows.map(toVideo);
    const last = rows.at(-1);
    return rows.length === limit && last ? { videos, next: String(last.position) } : { videos };
  }

  /**
   * After a bulk load (the first seed, a large import). PostgreSQL's planner needs fresh
   * statistics to estimate searches, and a visibility map for index-only counts. SQLite's text
   * indexes hold the rows added in many small segments, which every search has to merge as it
   * reads: merging them into one made cold searches about twice as fast at a million videos. The
   * merge goes a step at a time (each its own short write), so servers reading and writing
   * meanwhile wait for a step, never for the whole merge. Then SQLite copies its log into the
   * database file and syncs both (a checkpoint), so the load's writes reach the disk now, not
   * during the first user writes' syncs of the log (group-commit.ts).
   */
  async refreshAfterBulkLoad(): Promise<void> {
    if (!this.sqlite) {
      await sql`vacuum analyze videos`.execute(this.db);
      return;
    }
    for (const table of TEXT_INDEXES) {
      // FTS5's 'merge' with a negative page count merges segments of every level; it did work
      // when it changed two or more rows.
      for (let step = 0; step < MAX_MERGE_STEPS; step += 1) {
        const before = await this.totalChanges();
        await sql`insert into ${sql.raw(table)} (${sql.raw(table)}, rank)
          values ('merge', ${-MERGE_STEP_PAGES})`.execute(this.db);
        if ((await this.totalChanges()) - before < 2) break;
      }
    }
    // PASSIVE never waits for, nor blocks, other processes' readers and writers (servers running
    // during an import): it copies what they allow, syncing the log before and the file after.
    await sql`pragma wal_checkpoint(PASSIVE)`.execute(this.db);
  }

  private async totalChanges(): Promise<number> {
    const { rows } = await sql<{ changes: number }>`select total_changes() as changes`.execute(
      this.db,
    );
    return Number(rows[0]?.changes ?? 0);
  }

  /** A new catalogue version, written in the transaction that changes the catalogue. */
  async bumpVersion(trx: Transaction<Database>): Promise<void> {
    await trx
      .insertInto('meta')
      .values({ key: 'catalogue_version', value: newId() })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: newId() }))
      .execute();
  }

  /** Keeps `meta.video_count` in step with videos added (or, negative, removed). */
  private async addToVideoCount(trx: Transaction<Database>, delta: number): Promise<void> {
    if (delta === 0) return;
    const integer = sql.raw(this.sqlite ? 'integer' : 'bigint');
    await sql`update meta set value = cast(cast(value as ${integer}) + ${delta} as text)
      where key = 'video_count'`.execute(trx);
  }
}

/**
 * PostgreSQL: takes every row lock a removal needs before it changes any user's row. The list
 * versions (decision 0021) make each cascaded list row also update its user's row, and users'
 * own writes take their locks in the order video (a new entry's foreign key) or list row (a
 * removed entry), then user. Deleting in batches would hold the users of one batch while waiting
 * for the next batch's videos or list rows, which a user's write can hold while it waits for
 * that user: a deadlock. Locked here first, videos then list rows, each in one order, the
 * removal waits for such writes to finish and holds nothing they need.
 */
async function lockBeforeRemoval(trx: Transaction<Database>, videoIds: string[]) {
  // Counted, not returned: the rows are only locked, however many there are.
  await sql`select count(*) from (select 1 from videos where id = any(${videoIds}::text[])
    order by id for update) as locked`.execute(trx);
  for (const table of Object.keys(listVersionColumns)) {
    await sql`select count(*) from (select 1 from ${sql.table(table)}
      where video_id = any(${videoIds}::text[]) order by user_id, video_id for update) as locked`.execute(
      trx,
    );
  }
}
