import { groupDigits } from '../../contract/digits';

/** product §9: titles are cut to 50 characters. */
export const TITLE_LIMIT = 50;
/** product §2: trending descriptions are cut to 80 characters on mobile, 150 on desktop. */
export const DESCRIPTION_LIMIT_MOBILE = 80;
export const DESCRIPTION_LIMIT_DESKTOP = 150;

/** Cuts text to `limit` characters and marks the cut with '...'. */
export function truncate(text: string, limit: number): string {
  const characters = Array.from(text);
  return characters.length > limit ? `${characters.slice(0, limit).join('')}...` : text;
}

/**
 * product §5's counts: under a thousand as is, thousands as K and millions as M, one decimal each
 * (40143 → 40.1K, 5295078 → 5.3M).
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count) || count < 1000) return String(Math.max(0, Math.trunc(count || 0)));
  const thousands = Math.round(count / 100) / 10;
  if (thousands < 1000) return `${thousands.toFixed(1)}K`;
  return `${(Math.round(count / 100_000) / 10).toFixed(1)}M`;
}

type AgeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

/** The one-unit ages said in words, as English relative time says them ('numeric: auto'). */
const LAST: Partial<Record<AgeUnit, string>> = {
  year: 'last year',
  month: 'last month',
  week: 'last week',
  day: 'yesterday',
};

/**
 * `count` units ago in English, word for word what `Intl.RelativeTimeFormat('en', { numeric:
 * 'auto' })` says for `-count`: written out, since making that formatter loads the browser's
 * locale data, a cost every page paid before its first render.
 */
export function ageWords(count: number, unit: AgeUnit): string {
  if (count === 1 && LAST[unit]) return LAST[unit];
  return `${groupDigits(count)} ${unit}${count === 1 ? '' : 's'} ago`;
}

const steps: [AgeUnit, number][] = [
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** A moment `formatAge` counts from instead of now (a server-rendered page's, while it hydrates). */
let pinned: number | undefined;

/** Makes `formatAge` count from this moment (ms since the epoch), or from now again (undefined). */
export function pinClock(at: number | undefined): void {
  pinned = at;
}

/** How long ago a video went up, e.g. '6 years ago'. */
export function formatAge(uploadedOn: string, now: Date = new Date(pinned ?? Date.now())): string {
  const uploaded = new Date(uploadedOn);
  if (Number.isNaN(uploaded.getTime())) return uploadedOn;
  // Years and months by the calendar, so an anniversary tomorrow is still '5 years ago'.
  const months =
    (now.getUTCFullYear() - uploaded.getUTCFullYear()) * 12 +
    (now.getUTCMonth() - uploaded.getUTCMonth()) -
    (now.getUTCDate() < uploaded.getUTCDate() ? 1 : 0);
  if (months >= 12) return ageWords(Math.floor(months / 12), 'year');
  if (months >= 1) return ageWords(months, 'month');
  const seconds = Math.round((now.getTime() - uploaded.getTime()) / 1000);
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return ageWords(Math.floor(seconds / size), unit);
  }
  return 'just now';
}

/** product §9: the maximum-resolution image of a YouTube video. */
export function thumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/maxresdefault.jpg`;
}

/** A smaller image every YouTube video has, used when the maximum-resolution one is missing. */
export function fallbackThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${encodeURIComponent(videoId)}/hqdefault.jpg`;
}

/** A moment in a video: 125 → '2:05', 3725 → '1:02:05' (notes, chapters, resume points). */
export function formatTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A video's length, as its thumbnail's badge shows it: 725 → '12:05', 3723 → '1:02:03'. */
export function formatDuration(seconds: number): string {
  return formatTime(seconds);
}

/** A video's length in words, for screen readers: 725 → '12 minutes, 5 seconds'. */
export function describeDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, string][] = [
    [Math.floor(seconds / 3600), 'hour'],
    [Math.floor((seconds % 3600) / 60), 'minute'],
    [seconds % 60, 'second'],
  ];
  return parts
    .filter(([count]) => count > 0)
    .map(([count, unit]) => `${count} ${unit}${count === 1 ? '' : 's'}`)
    .join(', ');
}

/** A video on YouTube itself, at a moment when `seconds` is given. */
export function youTubeWatchUrl(videoId: string, seconds?: number): string {
  const url = `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
  return seconds === undefined ? url : `${url}&t=${Math.floor(seconds)}s`;
}
