/**
 * Plain `node:http` requests from a chosen loopback address (all of 127.0.0.0/8 is loopback on
 * Linux), for the `abuse` bench: the server's per-address limits see each attacker, and the real
 * user, as the distinct client it is.
 */
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** An answer read whole, or none (`status` 0: refused, reset, timed out or aborted). */
export interface Answer {
  status: number;
  /** From sending to the answer's last byte (or to the failure). */
  ms: number;
  /** The body as text, decompressed. */
  body: string;
}

/** A keep-alive client whose sockets all leave from `localAddress`. */
export function clientAgent(localAddress: string, maxSockets = 8): Agent {
  // Agent options reach every socket it opens (net.connect's localAddress).
  return new Agent({ keepAlive: true, maxSockets, localAddress });
}

export interface SendOptions {
  method?: string;
  /** Path and query, e.g. `/api/videos?offset=0&limit=24`. */
  path: string;
  /** Sent as JSON, always with `content-type: application/json`. */
  json?: unknown;
  headers?: Record<string, string>;
  /** No answer by then: the request is dropped and answers status 0. */
  timeoutMs: number;
  signal?: AbortSignal;
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gunzipSync,
  br: brotliDecompressSync,
  deflate: inflateSync,
};

/** One request on `agent`; never throws (a failure is status 0). */
export function send(url: string, agent: Agent, options: SendOptions): Promise<Answer> {
  const started = performance.now();
  const body = options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json));
  return new Promise<Answer>((resolve) => {
    let settled = false;
    const finish = (status: number, text: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, ms: performance.now() - started, body: text });
    };
    const outgoing = request(
      new URL(options.path, url),
      {
        method: options.method ?? (body ? 'POST' : 'GET'),
        agent,
        signal: options.signal,
        headers: {
          ...(body
            ? { 'content-type': 'application/json', 'content-length': String(body.length) }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          // Read as a browser would: decompressed.
          const bytes = Buffer.concat(chunks);
          const decode = decoders[String(response.headers['content-encoding'])];
          let text: string;
          try {
            text = (decode ? decode(bytes) : bytes).toString();
          } catch {
            text = '';
          }
          finish(response.statusCode ?? 0, text);
        });
        response.once('error', () => finish(0, ''));
        response.once('aborted', () => finish(0, ''));
      },
    );
    const timer = setTimeout(() => {
      outgoing.destroy(new Error('timeout'));
      finish(0, 'timeout');
    }, options.timeoutMs);
    outgoing.once('error', (error) => finish(0, error.message));
    outgoing.end(body);
  });
}

/**
 * A password the strictest policy being built accepts: 12+ characters of four kinds, random (never
 * among common passwords). `length` pads it with more random characters.
 */
export function strongPassword(length = 20): string {
  const random = randomBytes(Math.ceil(length * 0.75) + 3)
    .toString('base64url')
    .slice(0, Math.max(0, length - 4));
  return `Aa1!${random}`;
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** A tally of answer statuses (0: no answer), printed as `201×3, 429×120`. */
export class StatusTally {
  readonly counts: Record<string, number> = {};
  add(status: number): void {
    this.counts[status] = (this.counts[status] ?? 0) + 1;
  }
}

export function describeCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([a], [b]) => Number(a) - Number(b));
  if (entries.length === 0) return 'none';
  return entries
    .map(([status, count]) => `${status === '0' ? 'no answer' : status}×${count}`)
    .join(', ');
}
