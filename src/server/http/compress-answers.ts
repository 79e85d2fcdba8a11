import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** Below this many bytes compression costs more time than it saves on the wire. */
const MIN_COMPRESSED_BYTES = 1024;
/** Brotli's quality 5 and gzip's level 6: most of the gain at a fraction of the best's time. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;
/**
 * From this size an answer is compressed on libuv's thread pool instead: the whole catalogue
 * list (up to 10,000 videos, megabytes of JSON) would hold the event loop for tens of
 * milliseconds. Password hashing takes one of the pool's four threads at most (serve.ts).
 */
const MIN_OFF_THREAD_BYTES = 64 * 1024;
const brotliCompressAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** Brotli where the client takes it, else gzip, else nothing (q=0 refuses a coding). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : undefined;
}

/** Compressed bytes (zlib's buffers sit on plain ArrayBuffers, as Response wants them). */
type Bytes = Uint8Array<ArrayBuffer>;

async function compress(bytes: Uint8Array, encoding: Encoding): Promise<Bytes> {
  const offThread = bytes.byteLength >= MIN_OFF_THREAD_BYTES;
  if (encoding === 'br') {
    const options = {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    };
    return (
      offThread ? await brotliCompressAsync(bytes, options) : brotliCompressSync(bytes, options)
    ) as Bytes;
  }
  const options = { level: GZIP_LEVEL };
  return (offThread ? await gzipAsync(bytes, options) : gzipSync(bytes, options)) as Bytes;
}

/**
 * Compresses API answers of at least MIN_COMPRESSED_BYTES for clients that accept brotli or gzip.
 * Up to MIN_OFF_THREAD_BYTES on the calling thread (well under a millisecond for a 100-video page,
 * and never queued behind password hashing); larger answers on the thread pool. Catalogue
 * answers are compressed once per catalogue version: the server keeps their bytes
 * (answer-cache.ts).
 */
export function answerCompressor() {
  return async function compressed(request: Request, response: Response): Promise<Response> {
    const encoding = chooseEncoding(request.headers.get('accept-encoding') ?? undefined);
    const { headers } = response;
    if (
      !encoding ||
      request.method === 'HEAD' ||
      response.status === 204 ||
      response.status === 304 ||
      headers.has('content-encoding') ||
      /\bno-transform\b/i.test(headers.get('cache-control') ?? '')
    ) {
      return response;
    }
    const plain = new Uint8Array(await response.arrayBuffer());
    if (plain.byteLength < MIN_COMPRESSED_BYTES) {
      return new Response(plain, { status: response.status, headers });
    }
    const body = await compress(plain, encoding);
    const etag = headers.get('etag');
    const compressedHeaders = new Headers(headers);
    compressedHeaders.set('content-encoding', encoding);
    compressedHeaders.set('content-length', String(body.byteLength));
    compressedHeaders.append('vary', 'accept-encoding');
    // Another coding of the same answer: equal for If-None-Match, not byte for byte.
    if (etag && !etag.startsWith('W/')) compressedHeaders.set('etag', `W/${etag}`);
    return new Response(body, { status: response.status, headers: compressedHeaders });
  };
}
