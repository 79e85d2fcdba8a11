/**
 * Distinct catalogue queries for the catalogue bench. The server caches catalogue answers per
 * catalogue version, so a query asked twice measures the cache, not the database: every list
 * here holds each query once (distinct even after the case and accent folding /results does), in
 * a few kinds that take different paths through the indexes. Deterministic: the same count and
 * catalogue size give the same queries.
 */
import { seedVideos } from '../../src/api/seed/videos';

/** One request of a list: its kind (a label for the figures) and its path. */
export interface CatalogueQuery {
  kind: string;
  path: string;
}

const topics = ['HTML', 'CSS', 'Javascript', 'React Js', 'Node', 'TypeScript', 'SQL', 'Git'];
const forms = ['Crash Course', 'in 10 Minutes', 'Explained', 'Deep Dive', 'for Beginners', 'Tips'];
const channels = [...new Set(seedVideos.map((video) => video.channelName))];
/** Two-letter title substrings: below the trigram length, so no trigram index helps. */
const pairs = ['Re', 'ea', 'Ja', 'pt', 'De', 'ep', 'Cr', 'se', 'Ti', 'ps', 'in', 'ne', 'SS', 'Gi'];
const PAGE = 24;
/** Pages a user might scroll to: offsets 0 … 39 × 24. */
const PAGES = 40;

/** A small seeded generator (xorshift32), so runs ask the same queries. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state % below;
  };
}

/** What /results treats as the same query: case and accents folded, spaces squeezed. */
const folded = (path: string) =>
  decodeURIComponent(path)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');

/** `count` distinct queries spread evenly over `kinds`, each kind drawing its own. */
function distinct(
  count: number,
  kinds: Record<string, (pick: (below: number) => number) => string>,
  seed: number,
): CatalogueQuery[] {
  const pick = random(seed);
  const names = Object.keys(kinds);
  const seen = new Set<string>();
  const queries: CatalogueQuery[] = [];
  for (let attempts = 0; queries.length < count && attempts < count * 50; attempts += 1) {
    const kind = names[queries.length % names.length]!;
    const path = kinds[kind]!(pick);
    if (seen.has(folded(path))) continue;
    seen.add(folded(path));
    queries.push({ kind, path });
  }
  if (queries.length < count) throw new Error(`only ${queries.length} distinct queries`);
  return queries;
}

const offset = (pick: (below: number) => number) => pick(PAGES) * PAGE;
const q = (text: string) => encodeURIComponent(text);

/**
 * Home grid searches (`GET /api/videos?…`, case-sensitive title substring): a video's number
 * (`#4711`), a title word on some page, a two-letter substring on some page, a category with a
 * number, and a category chip's page without a search.
 */
export function homeQueries(count: number, videos: number): CatalogueQuery[] {
  const number = (pick: (below: number) => number) => 1 + pick(videos);
  return distinct(
    count,
    {
      number: (pick) => `/api/videos?search=${q(`#${number(pick)}`)}`,
      'title word': (pick) =>
        `/api/videos?search=${q(forms[pick(forms.length)]!)}&offset=${offset(pick)}`,
      '2 letters': (pick) =>
        `/api/videos?search=${pairs[pick(pairs.length)]}&offset=${offset(pick)}`,
      'category+number': (pick) =>
        `/api/videos?category=${q(topics[pick(topics.length)]!)}&search=${q(`${number(pick)}`)}`,
      'category page': (pick) =>
        `/api/videos?category=${q(topics[pick(topics.length)]!)}&offset=${offset(pick) * 10}`,
    },
    4711,
  );
}

/**
 * /results searches (`GET /api/videos/search?q=…`, ranked, case- and accent-insensitive over
 * title, channel and description): a number, a description phrase with a number, topic and form
 * words on some page, a channel on some page, two letters on some page, an accented word.
 */
export function resultsQueries(count: number, videos: number): CatalogueQuery[] {
  const number = (pick: (below: number) => number) => 1 + pick(videos);
  const search = (text: string, page = 0) =>
    `/api/videos/search?q=${q(text)}${page ? `&offset=${page}` : ''}`;
  return distinct(
    count,
    {
      number: (pick) => search(String(number(pick))),
      description: (pick) => search(`lesson ${number(pick)}`),
      words: (pick) =>
        search(
          `${topics[pick(topics.length)]!} ${forms[pick(forms.length)]!.split(' ')[0]!}`,
          offset(pick),
        ),
      channel: (pick) => search(channels[pick(channels.length)]!, offset(pick)),
      '2 letters': (pick) => search(pairs[pick(pairs.length)]!, offset(pick)),
      accented: (pick) => search(`Réact ${forms[pick(forms.length)]!}`, offset(pick)),
    },
    1984,
  );
}

/** Up next of distinct made-up videos, and distinct pages of trending. */
export function otherQueries(count: number, videos: number): CatalogueQuery[] {
  return distinct(
    count,
    {
      'up next': (pick) => `/api/video/gen-${String(1 + pick(videos)).padStart(6, '0')}/up-next`,
      'trending page': (pick) => `/api/videos/trending?offset=${pick(2000) * PAGE}`,
    },
    2024,
  );
}
