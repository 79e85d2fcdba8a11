import type { Context } from 'hono';
import { routeTable } from '../../contract/routes';
import type { Store } from '../store/store';

/** What a catalogue read answers: a JSON body and any headers beside it. */
export interface CatalogueAnswer {
  body: unknown;
  headers?: Record<string, string>;
}

interface CachedAnswer {
  version: string;
  etag: string;
  /** The answer's JSON, encoded once: every request for it writes these bytes. */
  json: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** Bounds: the cache forgets its oldest answers beyond either. */
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;
const encoder = new TextEncoder();

/** FNV-1a: a short, stable name for a request in the ETag (not a security measure). */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Each public GET route of the table: its path as a pattern, and the query parameters it reads. */
const publicReads = routeTable
  .filter((route) => route.method === 'GET' && !route.auth)
  .map((route) => ({
    pattern: new RegExp(
      `^${route.path
        .split(/\{[^{}]+\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    ),
    names: route.query ? Object.keys((route.query as unknown as { shape: object }).shape) : [],
  }));

/**
 * The query parameters a catalogue route reads (its schema's, in the route table), by the path
 * asked for; undefined for a path that is no public read. Nothing else changes its answer, so
 * nothing else may name it in a cache: `?search=S%20%23&j=<n>` must not be a new answer per `n`.
 */
export function catalogueQueryNames(pathname: string): readonly string[] | undefined {
  return publicReads.find((read) => read.pattern.test(pathname))?.names;
}

/**
 * The request as a cache key: its path as sent, then the parameters its route reads, sorted, each
 * read as the routes read them (the first value, with Hono's decoding, which keeps a broken escape
 * like `%C3` as it is: decoding it to U+FFFD would give `q=%C3` and `q=%EF%BF%BD` one key and one
 * answer).
 */
function requestKey(c: Context): string {
  const pathname = new URL(c.req.url).pathname;
  const names = catalogueQueryNames(pathname) ?? Object.keys(c.req.queries());
  const parameters = [...names].sort().flatMap((name) => {
    const value = c.req.query(name);
    return value === undefined ? [] : [[name, value]];
  });
  return `${pathname}?${JSON.stringify(parameters)}`;
}

/**
 * Catalogue reads, answered once per catalogue version. The version lives in the database and
 * changes with every catalogue write (seed, import, removal), whichever process made it, so an
 * import shows on every server at its next request. Each answer carries an ETag made of the
 * version and the request; a client that sends it back in If-None-Match gets a 304 and no body.
 */
export class CatalogueCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(private readonly store: Store) {}

  async answer(c: Context, compute: () => Promise<CatalogueAnswer>): Promise<Response> {
    const key = requestKey(c);
    const version = await this.store.catalogueVersion();
    let cached = this.entries.get(key);
    if (cached?.version !== version) {
      const { body, headers = {} } = await compute();
      cached = {
        version,
        etag: catalogueEtag(version, shortHash(key)),
        json: encoder.encode(JSON.stringify(body)),
        headers,
      };
      this.remember(key, cached);
    } else {
      // Most recently used last: Map keeps insertion order, so the oldest is evicted first.
      this.entries.delete(key);
      this.entries.set(key, cached);
    }
    const headers = { ...cached.headers, etag: cached.etag, 'cache-control': 'no-cache' };
    if (matchesEtag(c.req.header('if-none-match'), cached.etag)) {
      return c.body(null, 304, headers);
    }
    return c.body(cached.json, 200, { ...headers, 'content-type': 'application/json' });
  }

  private remember(key: string, answer: CachedAnswer) {
    const previous = this.entries.get(key);
    if (previous) {
      this.bytes -= previous.json.byteLength;
      this.entries.delete(key);
    }
    this.entries.set(key, answer);
    this.bytes += answer.json.byteLength;
    for (const [oldKey, old] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.bytes <= MAX_BYTES) break;
      if (oldKey === key) continue;
      this.entries.delete(oldKey);
      this.bytes -= old.json.byteLength;
    }
  }
}

/** A catalogue answer's ETag: the catalogue version, then a name for the request. */
const catalogueEtag = (version: string, request: string) => `"${version}.${request}"`;

/**
 * The catalogue version a catalogue answer's ETag names (weak or strong), or undefined for any
 * other tag: a server may keep such an answer for as long as the catalogue keeps that version.
 */
export function catalogueVersionOf(etag: string): string | undefined {
  const match = /^(?:W\/)?"([^".]+)\.[^".]+"$/.exec(etag);
  return match?.[1];
}

/** If-None-Match holds `*` or a list of tags, weak (W/) or strong. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
