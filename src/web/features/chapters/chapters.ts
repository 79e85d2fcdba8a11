/** A stretch of a video named in its description: where it starts and what it is called. */
export interface Chapter {
  /** Seconds from the start of the video. */
  start: number;
  title: string;
}

/**
 * `0:00 Intro`, `01:23 - Flexbox`, `(1:02:10) Wrap up`: a time at the start of a trimmed line, then
 * a title to the line's end. Linear on any line (issue 42): no part of it can match what the part
 * after it matches, so it never backtracks far (a lazy title before `\s*$` took 24 s on a title
 * holding 60,000 spaces); the line is trimmed first instead.
 */
const CHAPTER_LINE =
  /^[([]?(\d{1,2}(?::[0-5]\d){1,2}|\d{1,3}:[0-5]\d)[)\]]?(?:\s*[-–—:|]\s*|\s+)(\S.*)$/u;

/** `1:23` → 83, `1:02:10` → 3730. */
function secondsOf(time: string): number {
  return time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
}

/**
 * The chapters a description lists, the way YouTube reads them: lines that start with a time and
 * go on with a title. They count only as a whole: at least two, the first at 0:00, each later
 * than the one before; otherwise the description has no chapters (an empty list).
 */
export function parseChapters(description: string): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r?\n/)) {
    const match = CHAPTER_LINE.exec(line.trim());
    if (!match) continue;
    const [, time = '', title = ''] = match;
    chapters.push({ start: secondsOf(time), title });
  }
  if (chapters.length < 2 || chapters[0]?.start !== 0) return [];
  for (let index = 1; index < chapters.length; index += 1) {
    if (chapters[index]!.start <= chapters[index - 1]!.start) return [];
  }
  return chapters;
}

/** The chapter playing at `seconds`: the last one that has started (-1 before any). */
export function currentChapterIndex(chapters: Chapter[], seconds: number): number {
  let current = -1;
  chapters.forEach((chapter, index) => {
    if (chapter.start <= seconds) current = index;
  });
  return current;
}

/** A time written anywhere in a text: `12:04`, `1:02:10` (not part of a longer run of digits). */
const TIME_IN_TEXT = /(?<![\d:])(\d{1,2}(?::[0-5]\d){1,2})(?![\d:])/gu;

/** A time found in a text: as written, and in seconds. */
export interface TextTime {
  time: string;
  seconds: number;
}

/**
 * A text cut at the times written in it (`12:04`), as YouTube links them in a description: the
 * plain stretches as strings, each time as a TextTime, in order.
 */
export function splitTimes(text: string): (string | TextTime)[] {
  const parts: (string | TextTime)[] = [];
  let last = 0;
  for (const match of text.matchAll(TIME_IN_TEXT)) {
    const time = match[1] ?? '';
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    parts.push({ time, seconds: secondsOf(time) });
    last = at + time.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
