import type { UpsertCounts } from '../../api/store/store';

/** How many problem messages an import prints before it only counts the rest. */
export const MAX_LISTED_PROBLEMS = 50;

/**
 * The problems of a file: the first `limit` messages kept word for word, the rest only counted,
 * so a file of a million bad lines costs no more memory than one of fifty.
 */
export class ProblemList {
  readonly listed: string[] = [];
  count = 0;

  constructor(private readonly limit = MAX_LISTED_PROBLEMS) {}

  add(message: string): void {
    this.count += 1;
    if (this.listed.length < this.limit) this.listed.push(message);
  }

  /** The listed messages, then `and N more` when some were only counted. */
  lines(): string[] {
    const more = this.count - this.listed.length;
    return more > 0 ? [...this.listed, `and ${more} more`] : [...this.listed];
  }
}

/** `added N, updated N, unchanged N, rejected N`. */
export function formatCounts(counts: UpsertCounts, rejected: number): string {
  return `added ${counts.added}, updated ${counts.updated}, unchanged ${counts.unchanged}, rejected ${rejected}`;
}

export const noCounts = (): UpsertCounts => ({ added: 0, updated: 0, unchanged: 0 });

export function addCounts(total: UpsertCounts, more: UpsertCounts): void {
  total.added += more.added;
  total.updated += more.updated;
  total.unchanged += more.unchanged;
}
