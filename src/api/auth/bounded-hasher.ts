import type { PasswordHasher } from './password';

/** Thrown when the hashing queue is full: the API answers 503 with Retry-After. */
export class HasherBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The password hashing queue is full.');
  }
}

export interface HashQueueLimits {
  /** Hashes running at once; signups (hashes) may hold at most half of them (at least one). */
  concurrency: number;
  /**
   * Calls allowed to wait for a free slot, for logins (verify) and for signups (hash) each; one
   * more of that kind is refused at once.
   */
  queue: number;
  /** What Retry-After says when the queue is full. */
  retryAfterSeconds: number;
}

type Kind = 'verify' | 'hash';

/** How busy the queue is (the server's metrics read it). */
export interface HashQueueState {
  /** Calls waiting for a slot, logins and signups together. */
  readonly waiting: number;
  /** Hashes running. */
  readonly running: number;
}

/**
 * Runs the hasher's work at most `concurrency` at a time with bounded wait lists, so a flood of
 * logins or signups cannot take every worker thread from everything else (Node's WebCrypto and
 * zlib share the libuv pool: unbounded hashing starves API compression).
 *
 * Logins (verify) and signups (hash) wait in lists of their own and take turns for a freed slot,
 * and signups never run in more than half of the slots: a signup flood fills only its own list
 * (then 503s), while logins still get at least every other turn.
 */
export function boundedHasher(
  inner: PasswordHasher,
  limits: HashQueueLimits,
): PasswordHasher & HashQueueState {
  const running: Record<Kind, number> = { verify: 0, hash: 0 };
  const waiting: Record<Kind, (() => void)[]> = { verify: [], hash: [] };
  const most: Record<Kind, number> = {
    verify: limits.concurrency,
    hash: Math.max(1, Math.floor(limits.concurrency / 2)),
  };
  /** The kind that had the last turn: a freed slot goes to the other one first. */
  let lastTurn: Kind = 'verify';
  const mayStart = (kind: Kind) =>
    running.verify + running.hash < limits.concurrency && running[kind] < most[kind];
  const start = (kind: Kind) => {
    running[kind] += 1;
    lastTurn = kind;
  };

  /** Hands free slots to waiters, alternating kinds. */
  function passOn() {
    for (;;) {
      const order: Kind[] = lastTurn === 'hash' ? ['verify', 'hash'] : ['hash', 'verify'];
      const kind = order.find((candidate) => waiting[candidate].length > 0 && mayStart(candidate));
      if (!kind) return;
      start(kind);
      waiting[kind].shift()!();
    }
  }

  async function slot<T>(kind: Kind, work: () => Promise<T>): Promise<T> {
    if (waiting[kind].length === 0 && mayStart(kind)) {
      start(kind);
    } else {
      if (waiting[kind].length >= limits.queue) throw new HasherBusyError(limits.retryAfterSeconds);
      // passOn counts the slot as this call's before resuming it.
      await new Promise<void>((resume) => waiting[kind].push(resume));
    }
    try {
      return await work();
    } finally {
      running[kind] -= 1;
      passOn();
    }
  }

  return {
    hash: (password) => slot('hash', () => inner.hash(password)),
    verify: (password, stored) => slot('verify', () => inner.verify(password, stored)),
    get waiting() {
      return waiting.verify.length + waiting.hash.length;
    },
    get running() {
      return running.verify + running.hash;
    },
  };
}
