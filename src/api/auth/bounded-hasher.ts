import type { PasswordHasher } from './password';

/** Thrown when the hashing queue is full: the API answers 503 with Retry-After. */
export class HasherBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The password hashing queue is full.');
  }
}

export interface HashQueueLimits {
  /** Hashes running at once. */
  concurrency: number;
  /** Hashes allowed to wait for a free slot; one more is refused at once. */
  queue: number;
  /** What Retry-After says when the queue is full. */
  retryAfterSeconds: number;
}

/**
 * Runs the hasher's work at most `concurrency` at a time with a bounded wait list, so a flood of
 * logins or signups cannot take every worker thread from everything else (Node's WebCrypto and
 * zlib share the libuv pool: unbounded hashing starves API compression).
 */
export function boundedHasher(inner: PasswordHasher, limits: HashQueueLimits): PasswordHasher {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function slot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrency) {
      if (waiting.length >= limits.queue) throw new HasherBusyError(limits.retryAfterSeconds);
      await new Promise<void>((resume) => waiting.push(resume));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next waiter; otherwise it is freed.
      if (next) next();
      else running -= 1;
    }
  }

  return {
    hash: (password) => slot(() => inner.hash(password)),
    verify: (password, stored) => slot(() => inner.verify(password, stored)),
  };
}
