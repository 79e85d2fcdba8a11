import type { TranscriptCue } from '../../../contract/entities';

/**
 * The text lower-cased and without the accents of each character, one UTF-16 unit for one (a
 * character whose fold would change the length stays as it is), so a match found in the fold is
 * at the same place in the text: what the transcript's search highlights.
 */
export function foldAligned(text: string): string {
  let folded = '';
  for (const unit of text) {
    const plain = unit.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    folded += plain.length === unit.length ? plain : unit;
  }
  return folded;
}

/** A stretch of a line: `match` when it is what was searched for. */
export interface TextPiece {
  text: string;
  match: boolean;
}

/** Where `query` (any case, any accents) occurs in `text`, as [start, end) offsets. */
export function matchRanges(text: string, query: string): [number, number][] {
  const needle = foldAligned(query.trim());
  if (needle === '') return [];
  const haystack = foldAligned(text);
  const ranges: [number, number][] = [];
  for (
    let at = haystack.indexOf(needle);
    at >= 0;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    ranges.push([at, at + needle.length]);
  }
  return ranges;
}

/** The text cut into pieces at the matches of `query`. */
export function highlightPieces(text: string, query: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let from = 0;
  for (const [start, end] of matchRanges(text, query)) {
    if (start > from) pieces.push({ text: text.slice(from, start), match: false });
    pieces.push({ text: text.slice(start, end), match: true });
    from = end;
  }
  if (from < text.length || pieces.length === 0)
    pieces.push({ text: text.slice(from), match: false });
  return pieces;
}

/** The index of the cue playing at `time`: the last one started by then (-1 before the first). */
export function currentCueIndex(cues: readonly TranscriptCue[], time: number): number {
  let low = 0;
  let high = cues.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((cues[middle]?.start ?? 0) <= time) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * A watch address's start (`?t=`): seconds (`80`, `80s`), YouTube's `1m20s` / `1h2m3s`, or
 * `1:20` / `1:02:03`. Undefined for anything else or nothing.
 */
export function parseStartTime(value: string | null): number | undefined {
  if (!value) return undefined;
  const text = value.trim().toLowerCase();
  let seconds: number | undefined;
  const units = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6}(?:\.\d+)?)s?)?$/.exec(text);
  const clock = /^(?:(\d{1,3}):)?(\d{1,4}):(\d{2})$/.exec(text);
  if (units && text !== '') {
    const [, h = '0', m = '0', s = '0'] = units;
    seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  } else if (clock) {
    const [, h = '0', m = '0', s = '0'] = clock;
    seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  }
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0
    ? Math.floor(seconds)
    : undefined;
}

/** The watch page at a moment. */
export const watchAt = (videoId: string, seconds: number) =>
  `/watch/${encodeURIComponent(videoId)}?t=${Math.floor(seconds)}`;
