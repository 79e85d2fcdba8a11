/**
 * The results page's match lists, kept per catalogue version: a search's ordered positions
 * (title matches, then the rest, each most viewed first), read once and then sliced for every
 * page of it, so scrolling through one search reads its matches once, not once per page.
 *
 * A list read with a count limit serves any request whose limit is no larger. Bounded by entries
 * and by the positions they hold; the least recently used is forgotten first, and everything when
 * the catalogue version changes.
 */
export class RankedLists {
  private version: string | undefined;
  private readonly entries = new Map<string, { limit: number; positions: number[] }>();
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
    this.entries.set(key, { limit, positions });
    this.held += positions.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxPositions) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.held -= entry.positions.length;
    this.entries.delete(key);
  }
}
