/** Anything but printable ASCII, tab and line breaks. */
const beyondPlainAscii = /[^\t\n\r -~]/;

/** Printable ASCII, tab and line breaks only: text that every fold only lower-cases. */
export const isPlainAscii = (text: string) => !beyondPlainAscii.test(text);

/**
 * How the results page compares text: without case and without accents ('Crème' finds 'creme').
 * Decomposes to NFD, drops the combining marks, lower-cases, and folds the final sigma, so the
 * fold of a substring is always a substring of the fold (what the SQL indexes rely on too).
 */
export function foldForSearch(text: string): string {
  // Plain ASCII has no marks to drop: the common case, and a hot path when a database scans.
  if (isPlainAscii(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
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
