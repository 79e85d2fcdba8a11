/** A stretch of a video named in its description: where it starts and what it is called. */
export interface Chapter {
  /** Seconds from the start of the video. */
  start: number;
  title: string;
}

/** `0:00 Intro`, `01:23 - Flexbox`, `(1:02:10) Wrap up`: a time at the start of a line, then a title. */
const CHAPTER_LINE =
  /^\s*[([]?(\d{1,2}(?::[0-5]\d){1,2}|\d{1,3}:[0-5]\d)[)\]]?(?:\s*[-–—:|]\s*|\s+)(\S.*?)\s*$/u;

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
    const match = CHAPTER_LINE.exec(line);
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
