import { MAX_QUERY_TEXT } from '../../contract/limits';
import { CUE_JOINER } from '../../api/catalogue/transcript-text';

/**
 * PostgreSQL's transcript search rows (migration 0019): a transcript's text (its cues joined by
 * CUE_JOINER) cut at cue boundaries into windows of about CHUNK_CHARACTERS, each carrying the next
 * CHUNK_OVERLAP characters too, so any text of up to CHUNK_OVERLAP characters said in the
 * transcript lies whole inside one chunk. A chunk stays under PostgreSQL's ~2 KB TOAST threshold:
 * its row is read in place (a whole transcript was one TOASTed 65 KB value, unpacked and scanned
 * for every search), and the planner sees the table's real size, so it takes the trigram index.
 */
export const CHUNK_CHARACTERS = 1_200;
/** Twice the longest search: folding can lengthen a text (`æ` → `ae`), never shorten a match. */
export const CHUNK_OVERLAP = 2 * MAX_QUERY_TEXT;

/** The chunks of a transcript's joined text, in order. */
export function transcriptChunks(text: string, cueLengths: readonly number[]): string[] {
  // Where each cue starts in the joined text.
  const starts: number[] = [];
  let at = 0;
  for (const length of cueLengths) {
    starts.push(at);
    at += length + CUE_JOINER.length;
  }
  const windowStarts: number[] = [];
  let windowStart = -Infinity;
  for (const start of starts) {
    if (start - windowStart >= CHUNK_CHARACTERS || windowStarts.length === 0) {
      windowStarts.push(start);
      windowStart = start;
    }
  }
  return windowStarts.map((start, index) => {
    const next = windowStarts[index + 1] ?? text.length;
    return text.slice(start, Math.min(text.length, next + CHUNK_OVERLAP));
  });
}

/** The cue lengths of a packed transcript's `timing` (`[startMs, endMs, length, …]`). */
export function cueLengthsOf(timing: string): number[] {
  const numbers = JSON.parse(timing) as number[];
  const lengths: number[] = [];
  for (let index = 2; index < numbers.length; index += 3) lengths.push(numbers[index] ?? 0);
  return lengths;
}
