import type { HistoryItem } from '../../../contract/entities';

/** One day's section of the history page. */
export interface HistoryDay {
  /** `YYYY-MM-DD` in the reader's time zone; 'earlier' for entries that do not say when. */
  key: string;
  /** 'Today', 'Yesterday', a long date ('Monday, 23 November 2026') or 'Earlier'. */
  label: string;
  items: HistoryItem[];
}

export interface DayOptions {
  /** The moment 'Today' is decided from. */
  now: Date;
  /** IANA time zone the days are counted in (the reader's). */
  timeZone: string;
  /** BCP 47 locale for the dates; the runtime's default when absent. */
  locale?: string;
}

/** The calendar day of a moment in a time zone, as YYYY-MM-DD. */
export function dayKey(moment: Date, timeZone: string): string {
  // en-CA formats a date as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(moment);
}

/** Noon UTC of a YYYY-MM-DD day, `offset` days on. */
function noonOf(key: string, offset = 0): Date {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offset, 12));
}

/** The day before a YYYY-MM-DD day (calendar arithmetic, no time zone involved). */
function dayBefore(key: string): string {
  return noonOf(key, -1).toISOString().slice(0, 10);
}

function longDate(key: string, locale: string | undefined): string {
  // Noon UTC of that day, formatted in UTC: the same calendar day in every locale.
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(noonOf(key));
}

function watchedAt(item: HistoryItem): Date | undefined {
  if (!item.watchedAt) return undefined;
  const moment = new Date(item.watchedAt);
  return Number.isNaN(moment.getTime()) ? undefined : moment;
}

/**
 * The history as the page shows it: newest first (the stored list is oldest first, a video
 * watched again moved to its end), in sections per calendar day of the reader's time zone.
 * Entries without a time go last, under 'Earlier'.
 */
export function groupHistoryByDay(history: HistoryItem[], options: DayOptions): HistoryDay[] {
  const today = dayKey(options.now, options.timeZone);
  const yesterday = dayBefore(today);
  const days = new Map<string, HistoryDay>();
  const undated: HistoryItem[] = [];
  for (const item of [...history].reverse()) {
    const moment = watchedAt(item);
    if (!moment) {
      undated.push(item);
      continue;
    }
    const key = dayKey(moment, options.timeZone);
    let day = days.get(key);
    if (!day) {
      const label =
        key === today ? 'Today' : key === yesterday ? 'Yesterday' : longDate(key, options.locale);
      day = { key, label, items: [] };
      days.set(key, day);
    }
    day.items.push(item);
  }
  const sections = [...days.values()];
  if (undated.length > 0) sections.push({ key: 'earlier', label: 'Earlier', items: undated });
  return sections;
}

/** The search box's rule: the query (trimmed) in the title or channel, ignoring case. */
export function matchesHistorySearch(item: HistoryItem, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return (
    item.title.toLocaleLowerCase().includes(needle) ||
    item.channelName.toLocaleLowerCase().includes(needle)
  );
}

/** The reader's time zone, as the browser reports it. */
export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
