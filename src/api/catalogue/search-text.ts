/** Anything but printable ASCII, tab and line breaks. */
const beyondPlainAscii = /[^\t\n\r -~]/;

/** Printable ASCII, tab and line breaks only: text that every fold only lower-cases. */
export const isPlainAscii = (text: string) => !beyondPlainAscii.test(text);

/** A letter of plain ASCII and the combining marks on it (in NFD): the accents the fold drops. */
const accentedAscii = /([A-Za-z])\p{M}+/gu;

/**
 * How the results page compares text: without case and without the accents of the letters a to
 * z ('Crème' finds 'creme', 'Dvořák' 'dvorak', 'Tiếng' 'tieng'). Decomposes to NFD, drops the
 * combining marks on a to z, recomposes (NFC), lower-cases, and folds the final sigma. Every other
 * mark stays: in other scripts a mark often makes another letter (Cyrillic й is not и, Japanese グ
 * is not ク), and this is exactly what SQLite's trigram indexes fold (`remove_diacritics`: ǿ stays
 * ǿ, not ø), so the fold of a query is what they hold. The fold of a substring is a substring of
 * the fold (what the SQL indexes rely on too).
 */
export function foldForSearch(text: string): string {
  // Plain ASCII has no marks to drop: the common case, and a hot path when a database scans.
  if (isPlainAscii(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(accentedAscii, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ς/g, 'σ');
}

/** Trigram indexes need a query of at least this many characters; shorter ones scan. */
export const TRIGRAM_LENGTH = 3;

/** Length in characters (code points), as the trigram tokenizers count. */
export const characterCount = (text: string) => [...text].length;

/**
 * The results page: a search of fewer than TRIGRAM_LENGTH characters has no index to use, so it
 * looks among this many of the most viewed videos only, and costs the same however rare the text.
 */
export const SHORT_SEARCH_SCOPE = 10_000;

/** A letter or a digit: what a trigram index can narrow a search by. */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Whether a folded search looks among the SHORT_SEARCH_SCOPE most viewed videos only: when it is
 * shorter than a trigram, or holds no letter or digit (punctuation, emoji: PostgreSQL's trigram
 * index keeps none of those, so it would read every video).
 */
export const searchesShortScope = (folded: string) =>
  characterCount(folded) < TRIGRAM_LENGTH || !LETTER_OR_DIGIT.test(folded);
