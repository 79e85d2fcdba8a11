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
   * Calls allowed to wait for a free slot, for owners' logins, other logins (verify) and signups
   * (hash) each; one more of that kind is refused at once.
   */
  queue: number;
  /** What Retry-After says when the queue is full. */
  retryAfterSeconds: number;
}

type Kind = 'owner' | 'verify' | 'hash';

/** How busy the queue is (the server's metrics read it). */
export interface HashQueueState {
  /** Calls waiting for a slot, owners', other logins and signups together. */
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
 * (then 503s), while logins still get at least every other turn. An owner's login (from an address
 * the account knows) runs in slots of its own (as many as the others share), with a waiting list
 * of its own: a crowd of strangers failing logins, or a signup flood, fills the others, never the
 * owner's. Only an address that logged into the account gets there (and it is limited per pair).
 */
export function boundedHasher(
  inner: PasswordHasher,
  limits: HashQueueLimits,
): PasswordHasher & HashQueueState {
  const running: Record<Kind, number> = { owner: 0, verify: 0, hash: 0 };
  const waiting: Record<Kind, (() => void)[]> = { owner: [], verify: [], hash: [] };
  const most: Record<Kind, number> = {
    owner: limits.concurrency,
    verify: limits.concurrency,
    hash: Math.max(1, Math.floor(limits.concurrency / 2)),
  };
  /** Of logins and signups, the kind that had the last turn: a freed slot goes to the other first. */
  let lastTurn: Kind = 'verify';
  // Owners' checks have `concurrency` slots of their own; logins and signups share the others.
  const mayStart = (kind: Kind) =>
    kind === 'owner'
      ? running.owner < most.owner
      : running.verify + running.hash < limits.concurrency && running[kind] < most[kind];
  const start = (kind: Kind) => {
    running[kind] += 1;
    if (kind !== 'owner') lastTurn = kind;
  };

  /** Hands free slots to waiters: owners', then logins and signups alternating. */
  function passOn() {
    for (;;) {
      const order: Kind[] =
        lastTurn === 'hash' ? ['owner', 'verify', 'hash'] : ['owner', 'hash', 'verify'];
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
    verify: (password, stored, options) =>
      slot(options?.owner ? 'owner' : 'verify', () => inner.verify(password, stored, options)),
    get waiting() {
      return waiting.owner.length + waiting.verify.length + waiting.hash.length;
    },
    get running() {
      return running.owner + running.verify + running.hash;
    },
  };
}
