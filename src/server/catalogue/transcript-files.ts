import type { TranscriptCue } from '../../contract/entities';

/**
 * Reading operators' caption files (WebVTT and SRT) into cues, by hand: the two formats are small,
 * and what the CLI needs is not what the npm parsers give (each error with its line number, both
 * formats alike, YouTube's rolling auto-captions merged): node-webvtt stops at the first error
 * without a line, srt-parser-2 skips bad cues silently. docs/transcripts.md says the rules.
 */

/** A transcript file's problem, at a line (1-based). */
export class CaptionError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** The most cues one transcript may hold (a 10-hour video of 3-second lines). */
export const MAX_TRANSCRIPT_CUES = 12_000;
/** The most characters a transcript's text may hold in all (~40 hours of speech). */
export const MAX_TRANSCRIPT_CHARACTERS = 2_000_000;
/** Larger files are refused before they are read. */
export const MAX_CAPTION_FILE_BYTES = 32 * 1024 * 1024;

export type CaptionFormat = 'vtt' | 'srt';

/** What a caption file's name says: the video's id, the language and the format. */
export interface CaptionFileName {
  videoId: string;
  language?: string;
  format: CaptionFormat;
}

const LANGUAGE = '[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{1,8})*';
/** yt-dlp: `<title> [<id>].<lang>.vtt` (`--write-subs`, `--write-auto-subs`). */
const YT_DLP_NAME = new RegExp(
  `\\[([A-Za-z0-9_-]{1,100})\\](?:\\.(${LANGUAGE}))?\\.(vtt|srt)$`,
  'i',
);
/** `<id>.vtt`, `<id>.<lang>.vtt`, the same with `.srt`. */
const PLAIN_NAME = new RegExp(`^([^.\\s/\\\\]+)(?:\\.(${LANGUAGE}))?\\.(vtt|srt)$`, 'i');

/** The video id, language and format a file name says, or undefined for another name. */
export function captionFileName(name: string): CaptionFileName | undefined {
  const match = YT_DLP_NAME.exec(name) ?? PLAIN_NAME.exec(name);
  if (!match) return undefined;
  const [, videoId = '', language, format = ''] = match;
  return {
    videoId,
    ...(language ? { language } : {}),
    format: format.toLowerCase() as CaptionFormat,
  };
}

/** A cue as read, its payload lines cleaned, before rolling captions are merged. */
interface RawCue {
  start: number;
  end: number;
  lines: string[];
  line: number;
}

/** The cues of a caption file, and the language its header names (WebVTT `Language: en`). */
export interface ParsedCaptions {
  cues: TranscriptCue[];
  language?: string;
}

const TIME = String.raw`(?:(\d+):)?([0-5]\d):([0-5]\d)[.,](\d{3})`;
const TIMING = new RegExp(String.raw`^${TIME}[ \t]+-->[ \t]+${TIME}(?:[ \t].*)?$`);
const SRT_TIMING = new RegExp(String.raw`^${TIME}[ \t]*-->[ \t]*${TIME}(?:[ \t].*)?$`);

const seconds = (hours = '0', minutes = '0', secs = '0', millis = '0') =>
  Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;

function timingOf(text: string, line: number, pattern: RegExp, example: string) {
  const match = pattern.exec(text.trim());
  if (!match) {
    throw new CaptionError(line, `bad cue timing "${clip(text)}" (expected ${example})`);
  }
  const [, h1, m1, s1, f1, h2, m2, s2, f2] = match;
  const start = seconds(h1, m1, s1, f1);
  const end = seconds(h2, m2, s2, f2);
  if (end < start) {
    throw new CaptionError(line, `the cue ends before it starts ("${clip(text)}")`);
  }
  return { start, end };
}

/** No database stores it: read as a space. */
const NUL = String.fromCharCode(0);

const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  lrm: '',
  rlm: '',
};

/** A numeric character reference's character; U+FFFD for none (a surrogate, beyond Unicode). */
function character(reference: string): string {
  const hex = reference[1] === 'x' || reference[1] === 'X';
  const code = Number.parseInt(reference.slice(hex ? 2 : 1), hex ? 16 : 10);
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return valid ? String.fromCodePoint(code) : '\uFFFD';
}

/**
 * `text` without what `pattern` (global, one that ends with `close`) matches, in linear time: it
 * runs only up to the last `close`. A match that starts after it cannot end, and trying each such
 * start scanned to the line's end from each: quadratic on a line of 100,000 `<` (issue 42).
 */
function removeClosed(text: string, pattern: RegExp, close: string): string {
  const end = text.lastIndexOf(close) + 1;
  return text.slice(0, end).replace(pattern, '') + text.slice(end);
}

/** A payload line as text: tags (`<c>`, `<v Name>`, `<00:00:01.234>`, `<i>`, `{\an8}`) gone. */
function cleanLine(text: string): string {
  // eslint-disable-next-line regexp/no-super-linear-move -- removeClosed: only up to the last `>`
  return removeClosed(removeClosed(text, /<[^>]*>/g, '>'), /\{\\[^}]*\}/g, '}')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (entity, name: string) =>
      name.startsWith('#') ? character(name) : (ENTITIES[name.toLowerCase()] ?? entity),
    )
    .replaceAll(NUL, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The lines of a file with their numbers, blocks split at blank lines: empty ones in WebVTT (a
 * line of one space is a cue's line there: YouTube's auto-captions start cues with one), any
 * whitespace-only line in SRT.
 */
function blocksOf(text: string, spacesAreBlank: boolean): { line: number; lines: string[] }[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const blocks: { line: number; lines: string[] }[] = [];
  let current: { line: number; lines: string[] } | undefined;
  lines.forEach((content, index) => {
    if (content === '' || (spacesAreBlank && content.trim() === '')) {
      current = undefined;
      return;
    }
    if (!current) blocks.push((current = { line: index + 1, lines: [] }));
    current.lines.push(content);
  });
  return blocks;
}

/** Reads a WebVTT file. */
export function parseVtt(text: string): ParsedCaptions {
  const blocks = blocksOf(text, false);
  const header = blocks[0];
  if (!header || header.line !== 1 || !/^WEBVTT(?:[ \t].*)?$/.test(header.lines[0] ?? '')) {
    throw new CaptionError(1, 'a WebVTT file starts with the line "WEBVTT"');
  }
  const language = header.lines
    .map((line) => /^Language:\s*(\S+)/i.exec(line)?.[1])
    .find((found) => found !== undefined);
  const cues: RawCue[] = [];
  let tagged = false;
  for (const block of blocks.slice(1)) {
    const first = block.lines[0] ?? '';
    if (/^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    // An identifier line may come before the timing.
    const at = first.includes('-->') ? 0 : 1;
    const timing = block.lines[at];
    if (timing === undefined || !timing.includes('-->')) {
      throw new CaptionError(
        block.line + at,
        `expected a cue timing such as "00:00:01.000 --> 00:00:04.000", found "${clip(timing ?? first)}"`,
      );
    }
    // A line holding "-->" ends the cue's text and starts the next cue, blank line before it or
    // not (the WebVTT standard's cue text rule; YouTube's auto-captions rely on it).
    let from = at;
    for (let index = at + 1; index <= block.lines.length; index += 1) {
      const line = block.lines[index];
      if (line !== undefined && !line.includes('-->')) continue;
      const { start, end } = timingOf(
        block.lines[from]!,
        block.line + from,
        TIMING,
        '"00:00:01.000 --> 00:00:04.000"',
      );
      const payload = block.lines.slice(from + 1, index);
      if (payload.some((text) => /<\d+:\d{2}[:.]/.test(text))) tagged = true;
      cues.push({
        start,
        end,
        lines: payload.map(cleanLine).filter(Boolean),
        line: block.line + from,
      });
      from = index;
    }
  }
  return { cues: finish(cues, tagged), ...(language ? { language } : {}) };
}

/** Reads an SRT file. */
export function parseSrt(text: string): ParsedCaptions {
  const cues: RawCue[] = [];
  for (const block of blocksOf(text, true)) {
    const [number, timing, ...payload] = block.lines;
    if (!/^\d+$/.test((number ?? '').trim())) {
      throw new CaptionError(block.line, `expected a cue number, found "${clip(number ?? '')}"`);
    }
    if (timing === undefined) {
      throw new CaptionError(block.line + 1, 'the cue has no timing line');
    }
    const { start, end } = timingOf(
      timing,
      block.line + 1,
      SRT_TIMING,
      '"00:00:01,000 --> 00:00:04,000"',
    );
    cues.push({ start, end, lines: payload.map(cleanLine).filter(Boolean), line: block.line });
  }
  return { cues: finish(cues, false) };
}

/** Reads a caption file in the format its name says. */
export function parseCaptions(text: string, format: CaptionFormat): ParsedCaptions {
  return format === 'vtt' ? parseVtt(text) : parseSrt(text);
}

/**
 * The cues in time order, rolling captions merged, empty ones left out, within the limits.
 * Rolling captions (YouTube's auto-generated ones) repeat the lines shown before at the start of
 * each cue, and add a short cue holding only those lines; merged, each word is read once.
 */
function finish(raw: RawCue[], tagged: boolean): TranscriptCue[] {
  const rolling = tagged || repeatsLines(raw);
  const cues: TranscriptCue[] = [];
  let shown: string[] = [];
  let characters = 0;
  for (const cue of raw) {
    const lines = rolling ? withoutShown(cue.lines, shown) : cue.lines;
    shown = cue.lines;
    const text = lines.join(' ');
    if (text === '') continue;
    if (cues.length === MAX_TRANSCRIPT_CUES) {
      throw new CaptionError(
        cue.line,
        `a transcript holds at most ${MAX_TRANSCRIPT_CUES.toLocaleString('en')} cues`,
      );
    }
    characters += text.length;
    if (characters > MAX_TRANSCRIPT_CHARACTERS) {
      throw new CaptionError(
        cue.line,
        `a transcript holds at most ${MAX_TRANSCRIPT_CHARACTERS.toLocaleString('en')} characters`,
      );
    }
    cues.push({ start: cue.start, end: cue.end, text });
  }
  return cues.sort((a, b) => a.start - b.start);
}

/** The lines of a cue after the longest run of its first lines that ends what was shown. */
function withoutShown(lines: string[], shown: string[]): string[] {
  for (let count = Math.min(lines.length, shown.length); count > 0; count -= 1) {
    const tail = shown.slice(shown.length - count);
    if (tail.every((line, index) => line === lines[index])) return lines.slice(count);
  }
  return lines;
}

/** Whether most cues start with the last line of the cue before (rolling captions untagged). */
function repeatsLines(cues: RawCue[]): boolean {
  let repeats = 0;
  for (let index = 1; index < cues.length; index += 1) {
    const before = cues[index - 1]?.lines.at(-1);
    if (before !== undefined && cues[index]?.lines[0] === before) repeats += 1;
  }
  return cues.length > 2 && repeats * 2 > cues.length;
}
