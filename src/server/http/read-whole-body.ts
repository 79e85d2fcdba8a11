/**
 * The bytes of request bodies a process holds while reading them, all requests together. Each
 * body waits in memory until its last byte arrives, so without a bound, clients that send most of
 * a body and then stall could make the process hold gigabytes (a 1 MB body each) until Node's
 * request timeout.
 */
export class BodyBudget {
  #held = 0;
  constructor(readonly maxBytes: number) {}
  /** Takes `bytes` from the budget; false (taking nothing) when they would overrun it. */
  take(bytes: number): boolean {
    if (this.#held + bytes > this.maxBytes) return false;
    this.#held += bytes;
    return true;
  }
  give(bytes: number): void {
    this.#held -= bytes;
  }
  get held(): number {
    return this.#held;
  }
}

/** Why a body was not read: too large for the API, or the process holds too many bodies. */
export type UnreadBody = { tooLarge: true; drained: boolean } | { busy: true };

/**
 * Reads a request's body whole before the API sees it, so an oversized body is read (and thrown
 * away) to its end and the 413 reaches the client: answering while the client is still sending
 * makes Node close the socket, and Node's fetch and http clients then report a reset instead of
 * the answer. Past `drainCap` the rest is not read; that answer asks to close the connection.
 */
export async function readWholeBody(
  request: Request,
  maxBytes: number,
  drainCap: number,
  budget: BodyBudget,
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
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  // The kept bytes are the budget's until the body is read or refused; then they are the Request's,
  // which lives only as long as the API's answer.
  let held = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > drainCap) {
        await reader.cancel();
        return { tooLarge: true, drained: false };
      }
      if (total > maxBytes) continue;
      if (!budget.take(value.byteLength)) {
        await reader.cancel();
        return { busy: true };
      }
      held += value.byteLength;
      chunks.push(value);
    }
  } finally {
    budget.give(held);
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
