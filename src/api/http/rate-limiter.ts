import type { Clock } from '../clock';

/** At most `max` events per key in any window of `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** Bounds memory: past this many keys, expired ones are dropped before a new one is added. */
const PRUNE_AT = 10_000;

/**
 * Counts events per key in a fixed window that starts with the key's first event. In memory, per
 * process: N processes behind a load balancer allow up to N times the limit, which still stops
 * guessing while costing the database nothing.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly clock: Clock,
  ) {}

  /** Milliseconds until the key may act again, or 0 when it is under its limit now. */
  retryAfterMs(key: string): number {
    const window = this.current(key);
    if (!window || window.count < this.limit.max) return 0;
    return window.startedAt + this.limit.windowMs - this.clock().getTime();
  }

  /** Records one event for the key. */
  hit(key: string): void {
    const window = this.current(key);
    if (window) {
      window.count += 1;
      return;
    }
    if (this.windows.size >= PRUNE_AT) this.prune();
    this.windows.set(key, { startedAt: this.clock().getTime(), count: 1 });
  }

  /** Forgets the key (a successful login clears its failures). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const window = this.windows.get(key);
    if (window && window.startedAt + this.limit.windowMs <= this.clock().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }

  private prune() {
    const now = this.clock().getTime();
    for (const [key, window] of this.windows) {
      if (window.startedAt + this.limit.windowMs <= now) this.windows.delete(key);
    }
  }
}
