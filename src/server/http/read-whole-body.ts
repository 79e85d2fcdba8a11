/** A body being read: what it holds of the budget, and how to give it up. */
interface BodyInFlight {
  address: string;
  held: number;
  /** When its last bytes came (performance.now()). */
  lastBytesAt: number;
  /** Ends its reading as timed out; its bytes are already given back. */
  giveUp: () => void;
}

/**
 * The bytes of request bodies a process holds while reading them, all requests together, and per
 * client address. Each body waits in memory until its last byte arrives, so without a bound,
 * clients that send most of a body and then stall could make the process hold gigabytes (a 1 MB
 * body each); without a share per address, one client doing so could take the whole budget and
 * leave every other client's POST refused. When the whole budget is held, a body that arrives is
 * made room for by giving up the bodies that stalled longest (no bytes for `evictIdleMs`): many
 * addresses' stalled bodies cannot keep a real user's login out (issue 49).
 */
export class BodyBudget {
  #held = 0;
  readonly #byAddress = new Map<string, number>();
  readonly #inFlight = new Set<BodyInFlight>();
  /**
   * @param maxBytes what all bodies being read may hold together
   * @param maxPerAddress what the bodies of one client address may hold together
   * @param evictIdleMs how long a body must have had no bytes to be given up for another's room
   */
  constructor(
    readonly maxBytes: number,
    readonly maxPerAddress: number = maxBytes,
    readonly evictIdleMs = 1_000,
  ) {}
  /**
   * Takes `bytes` from the budget for `address`; false (taking nothing) when they would overrun
   * the address's share, or the budget even after giving up the bodies stalled long enough.
   */
  take(bytes: number, address = '', body?: BodyInFlight): boolean {
    const mine = this.#byAddress.get(address) ?? 0;
    if (mine + bytes > this.maxPerAddress) return false;
    if (this.#held + bytes > this.maxBytes && !this.#makeRoom(bytes, body)) return false;
    this.#held += bytes;
    this.#byAddress.set(address, mine + bytes);
    if (body) {
      body.held += bytes;
      body.lastBytesAt = performance.now();
    }
    return true;
  }
  give(bytes: number, address = ''): void {
    if (bytes === 0) return;
    this.#held -= bytes;
    const left = (this.#byAddress.get(address) ?? 0) - bytes;
    if (left > 0) this.#byAddress.set(address, left);
    else this.#byAddress.delete(address);
  }
  /** Notes a body being read (readWholeBody); `done` ends it and gives back what it holds. */
  begin(address: string, giveUp: () => void): { body: BodyInFlight; done: () => void } {
    const body: BodyInFlight = { address, held: 0, lastBytesAt: performance.now(), giveUp };
    this.#inFlight.add(body);
    return {
      body,
      done: () => {
        if (!this.#inFlight.delete(body)) return;
        this.give(body.held, address);
        body.held = 0;
      },
    };
  }
  /** Gives up the bodies stalled longest until `bytes` fit; false (giving up none) if they can't. */
  #makeRoom(bytes: number, asking?: BodyInFlight): boolean {
    const stalledSince = performance.now() - this.evictIdleMs;
    const stalled = [...this.#inFlight]
      .filter((body) => body !== asking && body.held > 0 && body.lastBytesAt <= stalledSince)
      .sort((a, b) => a.lastBytesAt - b.lastBytesAt);
    let freed = 0;
    let count = 0;
    while (this.#held - freed + bytes > this.maxBytes && count < stalled.length) {
      freed += stalled[count]!.held;
      count += 1;
    }
    if (this.#held - freed + bytes > this.maxBytes) return false;
    for (const body of stalled.slice(0, count)) {
      this.#inFlight.delete(body);
      this.give(body.held, body.address);
      body.held = 0;
      body.giveUp();
    }
    return true;
  }
  get held(): number {
    return this.#held;
  }
  /** What the bodies from `address` hold now. */
  heldBy(address: string): number {
    return this.#byAddress.get(address) ?? 0;
  }
}

/** How long a body may take: the longest pause between its bytes, and all of it. */
export const BODY_IDLE_MS = 10_000;
/** The whole-body deadline, as a multiple of the idle timeout (10 s → 30 s). */
export const BODY_WHOLE_TIMES_IDLE = 3;

export interface BodyReadOptions {
  /**
   * The client's address: its bodies share BodyBudget.maxPerAddress. Read only when there is a
   * body, so a getter costs a GET nothing.
   */
  address?: string;
  /** A body none of whose bytes arrive for this long is given up. */
  idleMs?: number;
  /** A body not whole this long after its reading began is given up. */
  wholeMs?: number;
}

/**
 * Why a body was not read: too large for the API, the process (or the client's address) holds
 * too many bodies, or it stopped arriving (its reading was given up, the rest left unread).
 */
export type UnreadBody = { tooLarge: true; drained: boolean } | { busy: true } | { timedOut: true };

/**
 * Reads a request's body whole before the API sees it, so an oversized body is read (and thrown
 * away) to its end and the 413 reaches the client: answering while the client is still sending
 * makes Node close the socket, and Node's fetch and http clients then report a reset instead of
 * the answer. Past `drainCap` the rest is not read; that answer asks to close the connection.
 * A body whose bytes stop arriving for `idleMs`, or that is not whole after `wholeMs`, is given
 * up (so a stalled client holds its bytes for seconds, not for Node's five-minute request
 * timeout); the caller answers and closes the connection.
 */
export async function readWholeBody(
  request: Request,
  maxBytes: number,
  drainCap: number,
  budget: BodyBudget,
  options: BodyReadOptions = {},
): Promise<Request | UnreadBody> {
  // Headers first: touching `body` makes the node adapter build a full Request, which a GET
  // (the most of the traffic) never needs.
  const length = request.headers.get('content-length');
  if ((length === null || length === '0') && !request.headers.has('transfer-encoding')) {
    return request;
  }
  if (!request.body) return request;
  const declared = Number(length);
  if (Number.isFinite(declared) && declared > drainCap) {
    return { tooLarge: true, drained: false };
  }
  // Read only for a body (its address may be a getter).
  const { address = '', idleMs = BODY_IDLE_MS, wholeMs = idleMs * BODY_WHOLE_TIMES_IDLE } = options;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  // Either timer, or the budget making room for another body, ends the wait for the next bytes;
  // the idle timer starts over with each chunk.
  let giveUp!: () => void;
  const late = new Promise<undefined>((resolve) => (giveUp = () => resolve(undefined)));
  // The kept bytes are the budget's until the body is read or refused; then they are the Request's,
  // which lives only as long as the API's answer.
  const reading = budget.begin(address, giveUp);
  const idle: NodeJS.Timeout = setTimeout(giveUp, idleMs);
  const whole = setTimeout(giveUp, wholeMs);
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      // The read still pending is left to fail when the connection closes after the answer
      // (cancelling it would reset the connection before the answer goes out).
      if (next === undefined) return { timedOut: true };
      const { done, value } = next;
      if (done) break;
      idle.refresh();
      total += value.byteLength;
      if (total > drainCap) {
        await reader.cancel();
        return { tooLarge: true, drained: false };
      }
      if (total > maxBytes) continue;
      if (!budget.take(value.byteLength, address, reading.body)) {
        await reader.cancel();
        return { busy: true };
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(idle);
    clearTimeout(whole);
    reading.done();
  }
  if (total > maxBytes) return { tooLarge: true, drained: true };
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
}
