/**
 * What server rendering may cost a process (issue 42, finding 13): a render runs on the event loop
 * that answers the API too, and runs to its end once its data is in, so renders are given out by
 * budget, and a page asked for past it goes out as the shell (the browser draws it):
 * - a few at once per process (`slots`);
 * - `perClient` renders per client address in each `windowMs` (one address asking for a new
 *   page each time renders a few, then gets shells);
 * - a `share` of the process's time over the last `shareWindowMs` (many addresses together);
 * - none while the event loop lags past `maxLagMs` (perf_hooks.monitorEventLoopDelay);
 * - a render not done after `timeoutMs` is abandoned (its signal aborts React's prerender).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface RenderLimits {
  slots: number;
  perClient: number;
  windowMs: number;
  share: number;
  shareWindowMs: number;
  maxLagMs: number;
  timeoutMs: number;
}

/**
 * A render's time is its wall time, data reads included, and a render blocks the loop while it
 * runs (a watch page ~100 ms here): the share and the lag leave room for ordinary renders on a
 * busy 2-core host, so that a visitor (or a test) going from page to page is not sent shells.
 */
export const RENDER_LIMITS: RenderLimits = {
  slots: 2,
  perClient: 20,
  windowMs: 60_000,
  share: 0.5,
  shareWindowMs: 5_000,
  maxLagMs: 1_000,
  timeoutMs: 2_000,
};

/** Client addresses counted at once; past this, the oldest windows are forgotten first. */
const MAX_CLIENTS = 10_000;
/** How often the event loop's delay is read (and its histogram started again). */
const LAG_SAMPLE_MS = 500;

/** Why a page was not rendered: it went out as the shell. */
export type NoRender = 'busy' | 'client' | 'share' | 'lag';

let processLag: (() => number) | undefined;

/**
 * The event loop's longest delay over the last half second, in milliseconds (one monitor per
 * process, started on first use; its timer does not keep the process alive).
 */
export function eventLoopLag(): () => number {
  if (processLag) return processLag;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lagMs = 0;
  setInterval(() => {
    lagMs = histogram.max / 1e6;
    histogram.reset();
  }, LAG_SAMPLE_MS).unref();
  processLag = () => lagMs;
  return processLag;
}

export class RenderBudget {
  private running = 0;
  private readonly clients = new Map<string, { start: number; count: number }>();
  /** Render time spent in the current share window and the one before it. */
  private spent = { start: 0, current: 0, previous: 0 };

  constructor(
    private readonly limits: RenderLimits,
    private readonly lag: () => number = eventLoopLag(),
    private readonly now: () => number = () => performance.now(),
  ) {
    this.spent.start = now();
  }

  get timeoutMs(): number {
    return this.limits.timeoutMs;
  }

  /**
   * A render for `client` may start now: the returned function is called once it ends (with the
   * time it took); a reason when it may not.
   */
  take(client: string): { done: () => void } | NoRender {
    if (this.running >= this.limits.slots) return 'busy';
    if (this.lag() > this.limits.maxLagMs) return 'lag';
    if (this.spentRecently() >= this.limits.share * this.limits.shareWindowMs) return 'share';
    const now = this.now();
    let window = this.clients.get(client);
    if (!window || now - window.start >= this.limits.windowMs) {
      this.clients.delete(client);
      window = { start: now, count: 0 };
      this.forgetOldClients(now);
      this.clients.set(client, window);
    }
    if (window.count >= this.limits.perClient) return 'client';
    window.count += 1;
    this.running += 1;
    const started = now;
    let ended = false;
    return {
      done: () => {
        if (ended) return;
        ended = true;
        this.running -= 1;
        this.spend(this.now() - started);
      },
    };
  }

  /** Render time over about the last share window (the previous one's share still in it). */
  private spentRecently(): number {
    this.roll();
    const into = (this.now() - this.spent.start) / this.limits.shareWindowMs;
    return this.spent.current + this.spent.previous * Math.max(0, 1 - into);
  }

  private spend(ms: number): void {
    this.roll();
    this.spent.current += Math.max(0, ms);
  }

  private roll(): void {
    const windows = Math.floor((this.now() - this.spent.start) / this.limits.shareWindowMs);
    if (windows <= 0) return;
    this.spent.previous = windows === 1 ? this.spent.current : 0;
    this.spent.current = 0;
    this.spent.start += windows * this.limits.shareWindowMs;
  }

  /** Windows that ended are dropped; past MAX_CLIENTS, the oldest (Map order) go. */
  private forgetOldClients(now: number): void {
    if (this.clients.size < MAX_CLIENTS) return;
    for (const [client, window] of this.clients) {
      if (now - window.start >= this.limits.windowMs) this.clients.delete(client);
    }
    for (const client of this.clients.keys()) {
      if (this.clients.size < MAX_CLIENTS) break;
      this.clients.delete(client);
    }
  }
}
