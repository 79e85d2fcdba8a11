/**
 * Percentiles and a bounded latency histogram. The histogram keeps log-spaced buckets (1 % wide)
 * instead of every sample, so a 10-minute soak at 50 connections costs the same memory as a
 * 5-second run; a percentile is then exact to within 1 %.
 */

/** The p-th percentile (0–100) of unsorted samples, nearest-rank; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

const GROWTH = 1.01;
/** 1 µs … ~10 min in 1 % steps. */
const MIN_MS = 0.001;
const BUCKETS = Math.ceil(Math.log(600_000 / MIN_MS) / Math.log(GROWTH)) + 1;

/** Latencies in milliseconds, bucketed; `record` is O(1) and allocation-free. */
export class LatencyHistogram {
  private readonly counts = new Uint32Array(BUCKETS);
  count = 0;
  max = 0;
  private sum = 0;

  record(ms: number): void {
    const index = ms <= MIN_MS ? 0 : Math.ceil(Math.log(ms / MIN_MS) / Math.log(GROWTH));
    this.counts[Math.min(BUCKETS - 1, index)]! += 1;
    this.count += 1;
    this.sum += ms;
    if (ms > this.max) this.max = ms;
  }

  /** The p-th percentile (0–100): the upper bound of the bucket holding that rank. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let index = 0; index < BUCKETS; index += 1) {
      seen += this.counts[index]!;
      if (seen >= rank) return Math.min(this.max, MIN_MS * GROWTH ** index);
    }
    return this.max;
  }

  mean(): number {
    return this.count === 0 ? Number.NaN : this.sum / this.count;
  }

  /** The usual percentiles as plain numbers, to send between processes or print. */
  figures(): LatencyFigures {
    return {
      count: this.count,
      mean: this.mean(),
      p50: this.percentile(50),
      p90: this.percentile(90),
      p95: this.percentile(95),
      p99: this.percentile(99),
      max: this.count === 0 ? Number.NaN : this.max,
    };
  }
}

/** A latency distribution in milliseconds (NaN where there were no samples). */
export interface LatencyFigures {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
}
