/**
 * The word filter of the transcript search (migration 0020, decision 0027): the words a folded
 * search must find in a transcript's word index for the transcript to hold it.
 *
 * A search is a substring of the folded transcript, so its first run of letters and digits may be
 * the end of a longer word and its last the start of one. Only the words whose both sides the
 * search itself shows are looked up whole; a word whose end the search does not show is looked
 * up as a prefix (at least PREFIX_LENGTH characters, or it would read most of the index); a word
 * whose start it does not show is not looked up. Words are runs of a to z and 0 to 9 only,
 * bounded by characters that both indexes surely split at:
 *
 * - SQLite's `unicode61` tokenizer splits at every ASCII character that is not a letter or a
 *   digit; beyond ASCII its classes are Unicode 6.1's, so a word next to another character is
 *   taken as unbounded on that side (`abcё` → `abc` as a prefix).
 * - PostgreSQL's index is built by our own split (`codetube_transcript_words`: runs of `[a-z0-9]`
 *   of the folded text), so every other character bounds a word.
 *
 * A search without such a word (one word alone, text in other scripts) has no filter: the stores
 * then read the trigram indexes as before.
 */
export interface WordFilter {
  /** Words said whole, each at most MAX_WORD_LENGTH characters (longer ones become prefixes). */
  whole: string[];
  /** Starts of words, PREFIX_LENGTH to MAX_WORD_LENGTH characters. */
  prefixes: string[];
  /** The words said that end with the search's first word, one of which must be said (0021). */
  leading?: readonly string[];
}

/** A prefix shorter than this matches too many words to narrow anything. */
export const PREFIX_LENGTH = 3;
/** PostgreSQL keeps each word's first MAX_WORD_LENGTH characters (a tsvector lexeme's bound). */
export const MAX_WORD_LENGTH = 40;
/** At most this many words are looked up: the longest whole words, then the longest prefixes. */
export const MAX_FILTER_WORDS = 8;

const WORD = /[a-z0-9]+/g;

/** Whether a character beside a word bounds it in the store's word index. */
export type Bounds = (character: string) => boolean;
/** SQLite (unicode61): ASCII characters other than letters and digits. */
export const sqliteBounds: Bounds = (character) => character.charCodeAt(0) < 0x80;
/** PostgreSQL (our own split): every character but a to z and 0 to 9. */
export const postgresBounds: Bounds = () => true;

export function wordFilter(
  folded: string,
  bounds: Bounds,
  leading?: readonly string[],
): WordFilter | undefined {
  const whole = new Set<string>();
  const prefixes = new Set<string>();
  for (const match of folded.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = folded[start - 1];
    const after = folded[end];
    if (before === undefined || !bounds(before)) continue;
    const word = match[0];
    if (after !== undefined && bounds(after) && word.length <= MAX_WORD_LENGTH) whole.add(word);
    else if (word.length >= PREFIX_LENGTH) prefixes.add(word.slice(0, MAX_WORD_LENGTH));
  }
  const longestFirst = (a: string, b: string) => b.length - a.length;
  const kept = [...whole].sort(longestFirst).slice(0, MAX_FILTER_WORDS);
  const keptPrefixes = [...prefixes]
    .filter((prefix) => !kept.some((word) => word.startsWith(prefix)))
    .sort(longestFirst)
    .slice(0, MAX_FILTER_WORDS - kept.length);
  if (leading !== undefined && leading.length > 0) {
    return { whole: kept, prefixes: keptPrefixes, leading };
  }
  if (kept.length + keptPrefixes.length === 0) return undefined;
  return { whole: kept, prefixes: keptPrefixes };
}

/** Words in a phrase of SQLite's filter at most: a longer run of words is cut (still a filter). */
export const MAX_PHRASE_WORDS = 8;

/**
 * SQLite's filter as an FTS5 query of phrases (`"and why"* AND "kept"`): its word index holds
 * where each word is said (`detail=full`), so words the search says one after the other, with
 * only ASCII characters other than letters and digits between them, must be said one after the
 * other in the transcript too. Each phrase is a run of words the search shows whole, the last
 * one possibly a prefix (3+ characters); the search's first word, whose start it may not show,
 * is left out unless something comes before it. Undefined when there is no such word.
 */
export function ftsPhrases(folded: string, leading?: readonly string[]): string | undefined {
  const phrases: string[] = [];
  let words: string[] = [];
  let lastEnd = -1;
  // The first phrase starts with the search's first word, asked as any of `leading`.
  let first = leading !== undefined && leading.length > 0 && leadingWord(folded, sqliteBounds);
  const close = (prefix: boolean) => {
    const star = prefix ? '*' : '';
    if (first && leading) {
      const rest = words.slice(1);
      const each = leading.map((word) => `"${[word, ...rest].join(' ')}"${star}`);
      phrases.push(each.length === 1 ? each[0]! : `(${each.join(' OR ')})`);
    } else if (words.length > 0) phrases.push(`"${words.join(' ')}"${star}`);
    first = false;
    words = [];
  };
  for (const match of folded.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = folded[start - 1];
    const after = folded[end];
    const between = folded.slice(Math.max(lastEnd, 0), start);
    if (words.length > 0 && (lastEnd < 0 || !isAscii(between))) close(false);
    lastEnd = end;
    if (before === undefined && first) {
      words.push(match[0]);
      continue;
    }
    if (before === undefined || !sqliteBounds(before)) {
      close(false);
      continue;
    }
    const word = match[0];
    if (after !== undefined && sqliteBounds(after) && word.length <= MAX_WORD_LENGTH) {
      if (words.length < MAX_PHRASE_WORDS) words.push(word);
      continue;
    }
    if (word.length >= PREFIX_LENGTH && words.length < MAX_PHRASE_WORDS) {
      words.push(word.slice(0, MAX_WORD_LENGTH));
      close(true);
    } else close(false);
    lastEnd = -1;
  }
  close(false);
  return phrases.length === 0 ? undefined : [...new Set(phrases)].join(' AND ');
}

/**
 * The search's first word when it can be looked up by its end (migration 0021): the search starts
 * with it (so it may be the end of a longer word), at most MAX_WORD_LENGTH characters, and a
 * character the index splits at follows it (so the word said ends where it does).
 */
export function leadingWord(folded: string, bounds: Bounds): string | undefined {
  const match = /^[a-z0-9]+/.exec(folded);
  if (!match) return undefined;
  const word = match[0];
  const after = folded[word.length];
  if (after === undefined || !bounds(after) || word.length > MAX_WORD_LENGTH) return undefined;
  return word;
}

/**
 * At most this many words said ending with a search's first word are asked for it (`myl the` →
 * `"kamyl the" OR "myl the"`); a first word that more end with (`a`, `s`) is not asked, as before.
 */
export const MAX_LEADING_WORDS = 64;

/**
 * The vocabulary's key of a word said (migration 0021): its last MAX_WORD_LENGTH characters,
 * reversed, so the words ending with something are a range of keys (`…myl` → `lym…`).
 */
export const reversedEnding = (word: string) =>
  [...word.slice(-MAX_WORD_LENGTH)].reverse().join('');

/** The end of the range of keys that start with `reversed` (keys hold only a to z and 0 to 9). */
export const afterKeysOf = (reversed: string) => `${reversed}{`;

/**
 * SQLite's vocabulary entries of a transcript's text (migration 0021): each run of a to z and 0 to 9
 * of its fold that ends before an ASCII character or the text's end (where a search's first word
 * can end), by reversedEnding, and whether it is `plain`: a word of the word index as it is (the
 * runs beside ASCII characters or the text's ends on both sides, of at most MAX_WORD_LENGTH
 * characters). A run that is not plain (after a character beyond ASCII, which `unicode61` may join
 * to it, or longer) keeps any search ending like it from asking its first word.
 */
export function vocabularyOf(folded: string): Map<string, boolean> {
  const entries = new Map<string, boolean>();
  for (const match of folded.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    const after = folded[end];
    if (after !== undefined && !sqliteBounds(after)) continue;
    const before = folded[start - 1];
    const plain =
      (before === undefined || sqliteBounds(before)) && match[0].length <= MAX_WORD_LENGTH;
    const key = reversedEnding(match[0]);
    entries.set(key, plain && entries.get(key) !== false);
  }
  return entries;
}

const isAscii = (text: string) => [...text].every((character) => sqliteBounds(character));

/** The filter as a PostgreSQL tsquery's text: `('kamyl' | 'myl') & 'closure' & 'expla':*`. */
export const tsWords = ({ whole, prefixes, leading }: WordFilter) =>
  [
    ...(leading !== undefined && leading.length > 0
      ? [`(${leading.map((word) => `'${word}'`).join(' | ')})`]
      : []),
    ...whole.map((word) => `'${word}'`),
    ...prefixes.map((prefix) => `'${prefix}':*`),
  ].join(' & ');

/**
 * When at most this many transcripts hold a search's words, they are checked one by one for its
 * whole text (each a transcript read and scanned, ~0.1–0.3 ms an hour); more (a search of only
 * common words) and the stores read their trigram indexes instead, as before the word index.
 */
export const TRANSCRIPTS_CHECKED = 200;
/** Candidates checked at a time, most viewed first, until the search has its matches. */
export const CHECK_BATCH = 50;

/**
 * The pair index's tokens of a folded text (migration 0022): each two runs of a to z and 0 to 9
 * one after the other, as `first_second` when exactly one space is between them and the first is
 * at most MAX_WORD_LENGTH long (the second is cut there: a search's last word, a prefix, is no
 * longer), else PAIR_GAP (kept so that tokens one after the other in the index are pairs one
 * after the other in the text). So a search of words between single spaces
 * is said where its pairs are said one after the other (`so this and` → `"so_this this_and"*`).
 */
export function wordPairs(folded: string): string {
  const tokens: string[] = [];
  let last: string | undefined;
  let lastEnd = 0;
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    if (last !== undefined) {
      const spaced = match.index === lastEnd + 1 && folded[lastEnd] === ' ';
      tokens.push(
        spaced && last.length <= MAX_WORD_LENGTH
          ? `${last}_${word.slice(0, MAX_WORD_LENGTH)}`
          : PAIR_GAP,
      );
    }
    last = word;
    lastEnd = match.index + word.length;
  }
  return tokens.join(' ');
}

/** The pair index's token where two runs are not one space apart (or one is too long). */
export const PAIR_GAP = '_';

/**
 * A search's pairs (migration 0022): when it is words between single spaces (`so this and`), the
 * pair index's tokens it needs said one after the other, its first word asked as any of the words
 * said that end with it (`leading`), the last as the start of a word. `exact`: the index's answer
 * is the search's (the first word asked, no word longer than MAX_WORD_LENGTH); else the first
 * word is left out (it ends too many words) and the pairs are a filter of the rest. Undefined for
 * any other search, one of more than MAX_PHRASE_WORDS words, or one with no pair to ask.
 */
export interface SearchPairs {
  /** The pairs after the first: `["this_and"]` for `so this and`; the last one a prefix. */
  rest: string[];
  /** The first pair's tokens, one of which must be said: `["so_this", "kaso_this"]`. */
  first: string[];
  exact: boolean;
}

const SPACED_WORDS = /^[a-z0-9]+(?: [a-z0-9]+)+$/;

export function searchPairs(
  folded: string,
  leading: readonly string[] | undefined,
): SearchPairs | undefined {
  return searchRuns(folded, leading, 2);
}

/** SQLite's query of a search's pairs (FTS5): `"so_this this_and"* OR "kaso_this this_and"*`. */
export const ftsPairs = ({ first, rest }: SearchPairs) =>
  first.map((pair) => `"${[pair, ...rest].join(' ')}"*`).join(' OR ');

/** PostgreSQL's (a tsquery's text, no positions): `('so_this' | 'kaso_this') & 'this_and':*`. */
export function tsPairs({ first, rest }: SearchPairs): string {
  const token = (pair: string, last: boolean) => `'${pair}'${last ? ':*' : ''}`;
  const firsts = first.map((pair) => token(pair, rest.length === 0));
  return [
    firsts.length === 1 ? firsts[0]! : `(${firsts.join(' | ')})`,
    ...rest.map((pair, index) => token(pair, index === rest.length - 1)),
  ].join(' & ');
}

/**
 * PostgreSQL's triples of a search (migration 0023): as its pairs, three words at a time
 * (`so this and that` → `so_this_and`, `this_and_that`), for a search of three words or more.
 * Its pairs have no positions, so three common words each said in pairs everywhere narrow
 * nothing; their triple answers a search of three words when its first word is asked (`exact`),
 * else the triples of the rest filter it (four words or more). Undefined otherwise.
 */
export function searchTriples(
  folded: string,
  leading: readonly string[] | undefined,
): SearchPairs | undefined {
  return searchRuns(folded, leading, 3);
}

/**
 * A search's runs of `size` words said one after the other (pairs, triples), as searchPairs
 * says; undefined when it has none to ask (fewer than `size` words, or fewer than two runs when
 * its first word is not asked).
 */
function searchRuns(
  folded: string,
  leading: readonly string[] | undefined,
  size: 2 | 3,
): SearchPairs | undefined {
  if (!SPACED_WORDS.test(folded)) return undefined;
  const words = folded.split(' ');
  if (words.length > MAX_PHRASE_WORDS || words.some((word) => word.length > MAX_WORD_LENGTH)) {
    return undefined;
  }
  const runs = words.slice(size - 1).map((_, index) => words.slice(index, index + size).join('_'));
  if (runs.length === 0) return undefined;
  if (leading !== undefined && leading.length > 0) {
    const after = words.slice(1, size).join('_');
    return { first: leading.map((word) => `${word}_${after}`), rest: runs.slice(1), exact: true };
  }
  if (runs.length < 2) return undefined;
  return { first: [runs[1]!], rest: runs.slice(2), exact: false };
}
