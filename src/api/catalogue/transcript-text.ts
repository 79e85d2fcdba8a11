import type { TranscriptCue, TranscriptMoment } from '../../contract/entities';
import { foldForSearch, isPlainAscii } from './search-text';

/**
 * A transcript as every store searches it: the cues' texts joined by one space (so a phrase said
 * across two lines is found too), folded as the results page folds, with where each cue starts in
 * that text.
 */
export interface FoldedTranscript {
  folded: string;
  /** `starts[i]`: where cue i's folded text begins in `folded`. */
  starts: number[];
}

/**
 * The most videos a search finds by what is said in them (the most viewed of them): the results
 * page's transcript group stops there, so a phrase of common words said in thousands of hour-long
 * transcripts reads no more than this many (docs/transcripts.md).
 */
export const TRANSCRIPT_MATCHES = 100;

/** The joiner of cue texts in a transcript's searchable text. */
export const CUE_JOINER = ' ';

/** A transcript's cues joined for search, folded. */
export function foldTranscript(cues: readonly TranscriptCue[]): FoldedTranscript {
  const starts: number[] = [];
  let folded = '';
  for (const [index, cue] of cues.entries()) {
    if (index > 0) folded += CUE_JOINER;
    starts.push(folded.length);
    folded += foldForSearch(cue.text);
  }
  return { folded, starts };
}

/**
 * The first line where the folded text `query` is said (the cue where the match begins), or
 * undefined when the transcript does not hold it (PostgreSQL's fold finds a little more than this
 * one: such a match has no moment).
 */
export function findMoment(
  videoId: string,
  cues: readonly TranscriptCue[],
  query: string,
  transcript: FoldedTranscript = foldTranscript(cues),
): TranscriptMoment | undefined {
  const at = transcript.folded.indexOf(query);
  if (at < 0) return undefined;
  // The last cue starting at or before the match.
  let low = 0;
  let high = transcript.starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((transcript.starts[middle] ?? 0) <= at) low = middle;
    else high = middle - 1;
  }
  const cue = cues[low];
  return cue && { videoId, start: cue.start, text: cue.text };
}

/**
 * A transcript packed for a database row: the cue texts joined by CUE_JOINER (what the text
 * indexes hold, stored once), and the cues' times and text lengths as one JSON array of integers,
 * `[startMs, endMs, length, …]` (a one-hour transcript: ~15 KB of timing beside its ~50 KB text).
 */
export interface PackedTranscript {
  text: string;
  timing: string;
}

export function packTranscript(cues: readonly TranscriptCue[]): PackedTranscript {
  const timing: number[] = [];
  for (const cue of cues) {
    timing.push(Math.round(cue.start * 1000), Math.round(cue.end * 1000), cue.text.length);
  }
  return { text: cues.map((cue) => cue.text).join(CUE_JOINER), timing: JSON.stringify(timing) };
}

export function unpackTranscript({ text, timing }: PackedTranscript): TranscriptCue[] {
  const numbers = JSON.parse(timing) as number[];
  const cues: TranscriptCue[] = [];
  let at = 0;
  for (let index = 0; index + 2 < numbers.length; index += 3) {
    const length = numbers[index + 2] ?? 0;
    cues.push({
      start: (numbers[index] ?? 0) / 1000,
      end: (numbers[index + 1] ?? 0) / 1000,
      text: text.slice(at, at + length),
    });
    at += length + CUE_JOINER.length;
  }
  return cues;
}

/**
 * findMoment on a packed transcript. Plain ASCII text folds to its lower case, letter for letter,
 * so the match is looked for in the packed text itself and only its cue is unpacked; other text
 * is unpacked and folded cue by cue.
 */
export function findPackedMoment(
  videoId: string,
  packed: PackedTranscript,
  query: string,
): TranscriptMoment | undefined {
  if (!isPlainAscii(packed.text)) return findMoment(videoId, unpackTranscript(packed), query);
  const at = packed.text.toLowerCase().indexOf(query);
  if (at < 0) return undefined;
  const numbers = JSON.parse(packed.timing) as number[];
  let from = 0;
  for (let index = 0; index + 2 < numbers.length; index += 3) {
    const length = numbers[index + 2] ?? 0;
    const next = from + length + CUE_JOINER.length;
    if (at < next || index + 5 >= numbers.length) {
      return {
        videoId,
        start: (numbers[index] ?? 0) / 1000,
        text: packed.text.slice(from, from + length),
      };
    }
    from = next;
  }
  return undefined;
}
