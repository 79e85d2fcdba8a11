import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this many bytes compression costs more time than it saves on the wire. */
const MIN_COMPRESSED_BYTES = 1024;
/** Brotli's quality 5 and gzip's level 6: most of the gain at a fraction of the best's time. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

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

function compress(bytes: Uint8Array, encoding: Encoding): Bytes {
  const body =
    encoding === 'br'
      ? brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        })
      : gzipSync(bytes, { level: GZIP_LEVEL });
  return body as Bytes;
}

/**
 * Compresses API answers of at least MIN_COMPRESSED_BYTES for clients that accept brotli or gzip.
 * On the calling thread: a few hundred microseconds for the largest page, and never queued on
 * libuv's thread pool behind password hashing. Catalogue answers are compressed once per
 * catalogue version: the server keeps their bytes (answer-cache.ts).
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
    const body = compress(plain, encoding);
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
