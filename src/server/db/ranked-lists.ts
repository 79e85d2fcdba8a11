import type { TranscriptMoment } from '../../contract/entities';

/** A kept moment's line counts as one position per this many characters. */
const MOMENT_CHARACTERS = 64;

/**
 * The results page's match lists, kept per catalogue version: a search's ordered positions
 * (title matches, then the rest, each most viewed first), read once and then sliced for every
 * page of it, so scrolling through one search reads its matches once, not once per page.
 *
 * A list read with a count limit serves any request whose limit is no larger; the transcript
 * moments of its pages read so far are kept with it. Bounded by entries
 * and by the positions they hold; the least recently used is forgotten first, and everything when
 * the catalogue version changes.
 */
export class RankedLists {
  private version: string | undefined;
  private readonly entries = new Map<
    string,
    {
      limit: number;
      positions: number[];
      /** Positions and moments' characters held by this entry. */
      held: number;
      moments?: Map<number, TranscriptMoment | null>;
    }
  >();
  private held = 0;

  constructor(
    private readonly maxEntries = 500,
    private readonly maxPositions = 1_000_000,
  ) {}

  /** The list of `key` read with a count limit of at least `limit`, in this version. */
  get(version: string, key: string, limit: number): number[] | undefined {
    if (version !== this.version) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.limit < limit) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.positions;
  }

  set(version: string, key: string, limit: number, positions: number[]): void {
    if (version !== this.version) {
      this.entries.clear();
      this.held = 0;
      this.version = version;
    }
    if (positions.length > this.maxPositions / 10) return;
    this.forget(key);
    this.entries.set(key, { limit, positions, held: positions.length });
    this.held += positions.length;
    this.forgetOldest();
  }

  /**
   * The transcript moments kept with `key`'s list in this version, by position (null: that
   * transcript does not say it), or undefined when the list is not kept.
   */
  momentsOf(
    version: string,
    key: string,
  ): ReadonlyMap<number, TranscriptMoment | null> | undefined {
    if (version !== this.version) return undefined;
    return this.entries.get(key)?.moments ?? (this.entries.has(key) ? new Map() : undefined);
  }

  /**
   * Keeps the moments found for these positions with `key`'s list (a moment's line counts as
   * positions, one per MOMENT_CHARACTERS characters, against the bound).
   */
  keepMoments(
    version: string,
    key: string,
    positions: number[],
    found: ReadonlyMap<number, TranscriptMoment>,
  ): void {
    const entry = version === this.version ? this.entries.get(key) : undefined;
    if (!entry) return;
    entry.moments ??= new Map();
    for (const position of positions) {
      if (entry.moments.has(position)) continue;
      const moment = found.get(position) ?? null;
      entry.moments.set(position, moment);
      const cost = 1 + Math.ceil((moment?.text.length ?? 0) / MOMENT_CHARACTERS);
      entry.held += cost;
      this.held += cost;
    }
    this.forgetOldest();
  }

  private forgetOldest(): void {
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxPositions) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.held;
    this.entries.delete(key);
  }
}
