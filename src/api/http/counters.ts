import type { Clock } from '../clock';

/** A key's count in its current window and how long until the window ends. */
export interface CounterState {
  count: number;
  msBeforeReset: number;
}

/**
 * Named counters that expire: the building block of the API's limits. `add` is atomic, so a
 * reservation made before slow work (hashing a password) is seen by every request that comes
 * after it, on this process or, with a shared store, on any other.
 */
export interface Counter {
  /**
   * Adds `points` (negative to take some back) to the key and answers the new count. A key with
   * no live window starts one that lasts `windowSeconds`; adding never extends a window.
   */
  add(key: string, points: number, windowSeconds: number): Promise<CounterState>;
  /** The key's live count, or undefined when it has none. */
  get(key: string): Promise<CounterState | undefined>;
  /** Forgets the key. */
  delete(key: string): Promise<void>;
  /** Forgets every key that starts with `prefix` (an account's rows, when it is deleted). */
  deleteStartingWith(prefix: string): Promise<void>;
}

/**
 * Makes (or finds) the counter of that name. The page's mock and the tests use the in-memory one
 * below; the server injects one on its own database (rate-limiter-flexible), so every process
 * counts together and counts survive a restart.
 */
export type CounterFactory = (name: string) => Counter;

/** Bounds memory: past this many keys, expired ones are dropped before a new one is added. */
const PRUNE_AT = 10_000;

/** Counters in this process's memory (the page's mock, tests). */
export function memoryCounters(clock: Clock): CounterFactory {
  const counters = new Map<string, Counter>();
  return (name) => {
    let counter = counters.get(name);
    if (!counter) {
      counter = memoryCounter(clock);
      counters.set(name, counter);
    }
    return counter;
  };
}

function memoryCounter(clock: Clock): Counter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= clock().getTime()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  const prune = () => {
    const now = clock().getTime();
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
  };
  const state = (window: { count: number; endsAt: number }): CounterState => ({
    count: window.count,
    msBeforeReset: Math.max(0, window.endsAt - clock().getTime()),
  });
  return {
    async add(key, points, windowSeconds) {
      let window = live(key);
      if (window) {
        window.count += points;
      } else {
        if (windows.size >= PRUNE_AT) prune();
        window = { count: points, endsAt: clock().getTime() + windowSeconds * 1000 };
        windows.set(key, window);
      }
      return state(window);
    },
    async get(key) {
      const window = live(key);
      return window ? state(window) : undefined;
    },
    async delete(key) {
      windows.delete(key);
    },
    async deleteStartingWith(prefix) {
      for (const key of windows.keys()) if (key.startsWith(prefix)) windows.delete(key);
    },
  };
}
