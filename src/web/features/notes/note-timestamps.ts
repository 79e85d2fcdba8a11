/**
 * Moments in a video typed in a note: `0:45`, `12:05`, `1:02:10`. Minutes and seconds take two
 * digits after a colon (00–59); a leading hour or minute count takes one or two digits. A match
 * must stand alone: not glued to letters, digits, colons or a decimal part (`10:30am`, `1:2:3:4`
 * and `3:45.5` are not moments).
 */
export const TIMESTAMP_PATTERN =
  /(?<![\w:.])(?:(\d{1,2}):([0-5]\d)|([0-5]?\d)):([0-5]\d)(?![\w:]|\.\d)/g;

/** Seconds for a typed moment ('1:02:10' → 3730), or undefined when it is not one. */
export function parseTimestamp(text: string): number | undefined {
  const match = new RegExp(`^${TIMESTAMP_PATTERN.source}$`).exec(text.trim());
  return match ? secondsOf(match) : undefined;
}

function secondsOf(match: RegExpExecArray | RegExpMatchArray): number {
  const [, hours, hourMinutes, minutes, seconds] = match;
  if (hours !== undefined) {
    return Number(hours) * 3600 + Number(hourMinutes) * 60 + Number(seconds);
  }
  return Number(minutes) * 60 + Number(seconds);
}

export interface FoundTimestamp {
  /** The text as typed. */
  text: string;
  seconds: number;
  /** Where it starts in the searched text. */
  index: number;
}

/** Every moment in a piece of plain text, in order. */
export function findTimestamps(text: string): FoundTimestamp[] {
  return [...text.matchAll(TIMESTAMP_PATTERN)].map((match) => ({
    text: match[0],
    seconds: secondsOf(match),
    index: match.index,
  }));
}
