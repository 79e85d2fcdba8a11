import type { OutgoingHttpHeaders } from 'node:http';
import { REQUEST_ID_HEADER } from './request-log';

/** Headers that belong to one connection, moment or request, never kept. */
const PER_RESPONSE = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  REQUEST_ID_HEADER,
]);

/** An answer's final bytes, kept under the version (catalogue or list) it was made at. */
export interface KeptAnswer {
  version: string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** What keeping it costs: the body, the key, the version and the headers. */
  cost: number;
}

/**
 * Reads a 200 answer of the app whole, for keeping under `key`: its bytes, its headers but the
 * per-response ones, and its cost. Gives the answer again (its body was read) beside what to keep.
 */
export async function answerToKeep(
  response: Response,
  key: string,
  version: string,
): Promise<{ answer: KeptAnswer; response: Response }> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: OutgoingHttpHeaders = {};
  response.headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) headers[name] = value;
  });
  headers['content-length'] = body.byteLength;
  let cost = body.byteLength + key.length + version.length;
  for (const [name, value] of Object.entries(headers)) cost += name.length + String(value).length;
  return {
    answer: { version, headers, body, cost },
    response: new Response(body, { status: 200, headers: response.headers }),
  };
}

/**
 * Kept answers bounded by their number and by what they cost together; the least recently used
 * are forgotten first (a Map's order: a used answer moves to its end).
 */
export class KeptAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  private bytes = 0;

  constructor(private readonly limits: { bytes: number; entries: number }) {}

  /** The answer kept under `key`, now the most recently used. */
  use(key: string): KeptAnswer | undefined {
    const found = this.kept.get(key);
    if (found) {
      this.kept.delete(key);
      this.kept.set(key, found);
    }
    return found;
  }

  /** The answer kept under `key`, its place in the order left as it is. */
  peek(key: string): KeptAnswer | undefined {
    return this.kept.get(key);
  }

  /** How many answers are kept, and what they cost. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.bytes };
  }

  forget(key: string): void {
    const kept = this.kept.get(key);
    if (!kept) return;
    this.kept.delete(key);
    this.bytes -= kept.cost;
  }

  keep(key: string, answer: KeptAnswer): void {
    this.forget(key);
    if (answer.cost > this.limits.bytes) return;
    this.kept.set(key, answer);
    this.bytes += answer.cost;
    for (const oldKey of this.kept.keys()) {
      if (this.kept.size <= this.limits.entries && this.bytes <= this.limits.bytes) break;
      this.forget(oldKey);
    }
  }
}
