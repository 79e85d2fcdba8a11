/**
 * How the results page compares text: without case and without accents ('Crème' finds 'creme').
 * Decomposes to NFD, drops the combining marks, lower-cases, and folds the final sigma, so the
 * fold of a substring is always a substring of the fold (what the SQL indexes rely on too).
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ς/g, 'σ');
}

/** Trigram indexes need a query of at least this many characters; shorter ones scan. */
export const TRIGRAM_LENGTH = 3;

/** Length in characters (code points), as the trigram tokenizers count. */
export const characterCount = (text: string) => [...text].length;
