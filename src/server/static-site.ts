import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { chooseEncoding } from './http/compress-answers';
import type { ApiFetch } from './seo/page-renderer';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const compressible = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);

interface Asset {
  type: string;
  cacheControl: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  brotli?: Buffer;
}

/** Vite puts content-hashed files under /assets: they never change, so they are cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The files to serve: every file but the compressed copies of another (precompress-web.mjs). */
async function listFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = new Set(
    entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name)),
  );
  const isCopy = (file: string) => /\.(br|gz)$/.test(file) && files.has(file.slice(0, -3));
  return [...files].filter((file) => !isCopy(file));
}

/** A compressed copy written at build time, when it is there and not older than its file. */
async function readCopy(file: string, suffix: '.br' | '.gz'): Promise<Buffer | undefined> {
  try {
    const [original, copy] = await Promise.all([stat(file), stat(file + suffix)]);
    return copy.mtimeMs >= original.mtimeMs ? await readFile(file + suffix) : undefined;
  } catch {
    return undefined;
  }
}

function hashOf(buffer: Buffer): string {
  let hash = 2166136261;
  for (const byte of buffer) hash = Math.imul(hash ^ byte, 16777619);
  return `"${(hash >>> 0).toString(16)}-${buffer.length.toString(16)}"`;
}

async function loadAsset(file: string, urlPath: string): Promise<Asset> {
  const identity = await readFile(file);
  const extension = extname(file);
  const asset: Asset = {
    type: contentTypes[extension] ?? 'application/octet-stream',
    cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
    etag: hashOf(identity),
    identity,
  };
  if (compressible.has(extension) && identity.length > 512) {
    // `npm run build` compressed it already (precompress-web.mjs); otherwise it is done here.
    asset.gzip = (await readCopy(file, '.gz')) ?? gzipSync(identity, { level: 9 });
    asset.brotli =
      (await readCopy(file, '.br')) ??
      brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  }
  return asset;
}

function respond(request: Request, asset: Asset): Response {
  const headers = new Headers({
    'content-type': asset.type,
    'cache-control': asset.cacheControl,
    etag: asset.etag,
    vary: 'accept-encoding',
  });
  if (request.headers.get('if-none-match') === asset.etag) {
    return new Response(null, { status: 304, headers });
  }
  const encoding = chooseEncoding(request.headers.get('accept-encoding') ?? undefined);
  let body = asset.identity;
  if (encoding === 'br' && asset.brotli) {
    body = asset.brotli;
    headers.set('content-encoding', 'br');
  } else if (encoding === 'gzip' && asset.gzip) {
    body = asset.gzip;
    headers.set('content-encoding', 'gzip');
  }
  headers.set('content-length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { headers });
}

export interface StaticSiteOptions {
  /**
   * Answers a path that is not a file in place of index.html as built, given its text: server
   * mode writes each page's own head into it (seo/seo-answers.ts). Unset: index.html as built.
   * `client`: the client's address (renders are budgeted per address).
   */
  page?: (
    request: Request,
    indexHtml: string,
    fetchApi?: ApiFetch,
    client?: string,
  ) => Promise<Response>;
}

/**
 * Serves a built single-page app from memory: files are read, and compressed, once at start (the
 * compressed copies `npm run build` wrote beside them are read instead when present).
 * Answers GET and HEAD outside /api; a path that is not a file gets index.html (or what
 * `options.page` makes of it), so deep links such as /watch/ID work on reload. Anything else is
 * left to the caller (undefined).
 */
export async function loadStaticSite(
  root: string,
  options: StaticSiteOptions,
): Promise<
  (
    request: Request,
    fetchApi?: ApiFetch,
    client?: string,
  ) => Response | Promise<Response> | undefined
>;
export async function loadStaticSite(
  root: string,
): Promise<(request: Request) => Response | undefined>;
export async function loadStaticSite(root: string, options: StaticSiteOptions = {}) {
  const assets = new Map<string, Asset>();
  let files: string[];
  try {
    files = await listFiles(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error(`${root} does not exist: build the app first (npm run build) or set WEB_DIR`, {
      cause: error,
    });
  }
  for (const file of files) {
    const urlPath = `/${relative(root, file).split(sep).join('/')}`;
    assets.set(urlPath, await loadAsset(file, urlPath));
  }
  const index = assets.get('/index.html');
  if (!index) throw new Error(`${root} holds no index.html: build the app first`);
  const indexHtml = index.identity.toString('utf8');
  const { page } = options;

  return (
    request: Request,
    fetchApi?: ApiFetch,
    client?: string,
  ): Response | Promise<Response> | undefined => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const { pathname } = new URL(request.url);
    if (pathname === '/api' || pathname.startsWith('/api/')) return undefined;
    let decoded = pathname;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      // A malformed escape cannot name a file: fall through to the app.
    }
    const asset = assets.get(decoded);
    if (asset) return respond(request, asset);
    if (decoded.startsWith('/assets/')) return new Response('Not found', { status: 404 });
    return page ? page(request, indexHtml, fetchApi, client) : respond(request, index);
  };
}
