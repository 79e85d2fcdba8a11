/**
 * Server mode's answers for link previews and search engines: every page's index.html with its
 * own head (page-head.ts), robots.txt, and the sitemap index over the whole catalogue, split into
 * files of at most SITEMAP_MAX_URLS videos, each one index read of its ids, never the whole
 * catalogue at once. Answers are kept, compressed per coding, while the catalogue keeps its
 * version (bounded, least recently used first), with an ETag of their bytes for 304s.
 */
import { createHash } from 'node:crypto';
import type { Store } from '../../api/store/store';
import { answerCompressor, chooseEncoding } from '../http/compress-answers';
import { answerToKeep, KeptAnswers, type KeptAnswer } from '../http/kept-answers';
import { codeAfterPaint } from './page-code';
import { matchScreen, SCREENS, type Screen } from '../../web/lib/screens';
import { pageHead, pagePaths, type PageData } from './page-head';
import type { ApiFetch, PageRenderer, RenderedPage } from './page-renderer';
import { RENDER_LIMITS, RenderBudget, type NoRender } from './render-budget';
import {
  PAGES_SITEMAP,
  parseSitemapName,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapIndexXml,
  STATIC_PAGE_PATHS,
  urlSetXml,
  videoFileCount,
  videosSitemap,
} from './sitemap';

/** What the answers read of the store: all of it indexed (no read of the whole catalogue). */
export type SeoStore = Pick<
  Store,
  'catalogueVersion' | 'getVideo' | 'getCourse' | 'countVideos' | 'catalogueIds'
>;

export interface SeoOptions {
  /**
   * PUBLIC_URL's origin (required in production); undefined: `http://` and the request's Host
   * header, never the origin of an absolute-form request line.
   */
  publicUrl?: string;
  /** URLs per sitemap file (tests make it small). */
  sitemapSize?: number;
  /** What kept answers may cost together, and how many there may be. */
  limits?: { bytes: number; entries: number };
  /** Told of a page answered with the site's head because its data could not be read. */
  failed?: (error: unknown) => void;
  /**
   * Renders the public pages' HTML with their data (page-renderer.ts); unset: each page is the
   * app's shell with its own head, drawn by the browser.
   */
  render?: PageRenderer;
  /**
   * What renders may cost this process (render-budget.ts): a page asked for past it is sent as
   * the shell. Default: RENDER_LIMITS, the event loop's own lag.
   */
  renderBudget?: RenderBudget;
  /** Told of a render that threw (the page went out as the shell). */
  renderFailed?: (error: unknown) => void;
  /** The app's stylesheets, put inline in a rendered page in place of its links (pageStyles). */
  styles?: string;
  /** The boot script's tag and text, inline in a rendered page in place of the tag (bootScript). */
  boot?: { tag: string; text: string };
}

/** Rendered pages say how long ago videos went up: one is kept for an hour at most. */
const RENDERED_FOR_MS = 3_600_000;
/** The screen a page request shows (web/lib/screens.ts); none for a path the app does not know. */
function screenOf(request: PageRequest): Screen | undefined {
  if (request.page === 'unknown') return undefined;
  return SCREENS[request.page === 'screen' ? request.screen : request.page];
}

/**
 * Rendered with their data: the public pages, the ones anyone may see the same; and the library
 * screens as their shell. Which is its screen's `rendered` (screens.ts).
 */
const isRendered = (request: PageRequest) => screenOf(request)?.rendered === true;

const DEFAULT_LIMITS = { bytes: 64 * 1024 * 1024, entries: 2_000 };
const HTML = 'text/html; charset=utf-8';
const XML = 'application/xml; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
/** What a client is asked to wait before trying a page again while the database is out of reach. */
const RETRY_SECONDS = 5;

/** A page the app shows at a URL; a watch page names the video to read. */
export type PageRequest =
  | Exclude<PageData, { page: 'watch' | 'video-not-found' | 'course' | 'course-not-found' }>
  | {
      page: 'watch';
      videoId: string;
    }
  | { page: 'course'; slug: string };

/** Which page a URL shows, as the app's routes match it (screens.ts); a trailing slash is allowed. */
export function pageRequestOf(url: URL): PageRequest {
  const match = matchScreen(url.pathname);
  if (!match) return { page: 'unknown' };
  const { name, params } = match;
  switch (name) {
    case 'home':
    case 'trending':
    case 'courses':
      return { page: name };
    case 'results':
      return { page: 'results', query: url.searchParams.get('q') ?? '' };
    case 'watch':
      return { page: 'watch', videoId: params.videoId! };
    case 'channel':
      return { page: 'channel', channelName: params.channelName! };
    case 'course':
      return { page: 'course', slug: params.slug! };
    default:
      return { page: 'screen', screen: name };
  }
}

/**
 * A rendered page's address as the page reads it: its path and only the parameters its screen
 * reads (home's filters, the search's text, a watch page's moment, playlist and course), in one
 * order. Any other parameter (a tracker's, a cache buster) names the same page.
 */
export function renderedAddress(url: URL, wanted: PageRequest): string {
  const read = screenOf(wanted)?.query ?? [];
  const params = new URLSearchParams();
  for (const name of read) {
    const value = url.searchParams.get(name);
    if (value !== null) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** The name of what a page request answers, for the kept answers (nothing else changes it). */
function pageName(request: PageRequest): string {
  switch (request.page) {
    case 'results':
      return `page results ${request.query.trim()}`;
    case 'watch':
      return `page watch ${request.videoId}`;
    case 'channel':
      return `page channel ${request.channelName}`;
    case 'course':
      return `page course ${request.slug}`;
    case 'screen':
      return `page screen ${request.screen}`;
    default:
      return `page ${request.page}`;
  }
}

/** index.html around its title: the page's head goes between; its own description is left out. */
interface Template {
  html: string;
  before: string;
  after: string;
}

function templateOf(html: string): Template {
  const bare = html.replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const title = /<title>[^<]*<\/title>/i.exec(bare);
  if (title) {
    return {
      html,
      before: bare.slice(0, title.index),
      after: bare.slice(title.index + title[0].length),
    };
  }
  const end = bare.search(/<\/head>/i);
  const at = end < 0 ? 0 : end;
  return { html, before: bare.slice(0, at), after: bare.slice(at) };
}

/** What an answer is before it is compressed: a status, a type and the text. */
interface Built {
  status: number;
  type: string;
  text: string;
  /** False: sent, never kept (a page that went out as the shell, not rendered this time). */
  keep?: boolean;
}

/** The app's root as index.html has it: the boot bar between the app markers. */
const APP_ROOT = /<div id="root">\s*<!--app-->[\s\S]*?<!--\/app-->\s*<\/div>/;

/**
 * index.html's text with a rendered page in its root, its data after, `data-rendered`, the app's
 * stylesheets inline in place of their links when given (one less round trip to paint), and its
 * code linked inert, for the boot script to load after the page has painted.
 */
export function withRenderedPage(
  text: string,
  page: RenderedPage,
  styles?: string,
  boot?: { tag: string; text: string },
): string | undefined {
  if (!APP_ROOT.test(text)) return undefined;
  let html = text
    .replace(/<html(\s|>)/i, (_, next: string) => `<html data-rendered=""${next}`)
    .replace(APP_ROOT, () => `<div id="root">${page.html}</div>${page.dataScript}`);
  if (styles !== undefined && !/<\/style/i.test(styles)) {
    // A link with the indentation before it; the indentation from its first character only
    // (the lookbehind), so a long run of spaces in the page is scanned once, not from each of its
    // characters (issue 42: quadratic on a description of 60,000 spaces).
    const links = /(?<![ \t])[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
    let placed = false;
    html = html.replace(links, () => {
      if (placed) return '';
      placed = true;
      return `<style>${styles}</style>\n`;
    });
    if (!placed) html = html.replace(/<\/head>/i, () => `<style>${styles}</style></head>`);
  }
  if (boot) html = html.replace(boot.tag, () => `<script>${boot.text}</script>`);
  return codeAfterPaint(html);
}

/** `http://` and a Host header that names a host (and port) and nothing else; else localhost. */
function hostOrigin(host: string | null): string {
  if (host && /^[\w.-]+(:\d{1,5})?$|^\[[\da-f:.]+\](:\d{1,5})?$/i.test(host)) {
    try {
      return new URL(`http://${host}`).origin;
    } catch {
      // Not a host after all: the default.
    }
  }
  return 'http://localhost';
}

const etagOf = (text: string) =>
  `"seo-${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;

/** If-None-Match holds `*` or the tag (weak or strong). */
function matches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim().replace(/^W\//, '');
    return trimmed === '*' || trimmed === bare;
  });
}

function toHeaders(kept: KeptAnswer): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(kept.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return headers;
}

/**
 * The pages' heads, robots.txt and the sitemaps for one server process. The catalogue's version
 * (cheap: CatalogueSql reuses it for a few milliseconds) says when a kept answer is stale.
 */
export class SeoAnswers {
  private readonly kept: KeptAnswers;
  private readonly sitemapSize: number;
  private readonly compress = answerCompressor();
  private template: Template | undefined;
  private readonly budget: RenderBudget;
  /** Sitemap files are built one at a time: one file's ids in memory at once per process. */
  private sitemapQueue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: SeoStore,
    private readonly options: SeoOptions = {},
  ) {
    this.kept = new KeptAnswers(options.limits ?? DEFAULT_LIMITS);
    this.budget = options.renderBudget ?? new RenderBudget(RENDER_LIMITS);
    this.sitemapSize = Math.max(
      1,
      Math.min(Math.floor(options.sitemapSize ?? SITEMAP_MAX_URLS), SITEMAP_MAX_URLS),
    );
  }

  /** The origin absolute addresses start with: PUBLIC_URL, else the request's Host (development). */
  originOf(request: Request): string {
    return this.options.publicUrl ?? hostOrigin(request.headers.get('host'));
  }

  /**
   * index.html (`html`, the built page) for a page's URL, with that page's head: a watch page's
   * video read from the catalogue (indexed, kept per catalogue version), 404 when it is not
   * there. With the database out of reach, the page with the site's head, 503.
   */
  async page(request: Request, html: string, fetchApi?: ApiFetch, client = ''): Promise<Response> {
    if (this.template?.html !== html) this.template = templateOf(html);
    const template = this.template;
    const url = new URL(request.url);
    const wanted = pageRequestOf(url);
    const origin = this.originOf(request);
    const render = (data: PageData): Built => {
      const head = pageHead(data, origin);
      return {
        status: head.status,
        type: HTML,
        text: `${template.before}${head.tags}${template.after}`,
      };
    };
    const rendering = this.options.render && fetchApi && isRendered(wanted);
    // A rendered page is named by what it reads of its address (home's filters, the search's
    // own text), never by other parameters: a new one each time would make each request a render.
    const address = renderedAddress(url, wanted);
    const name = rendering
      ? `page ${address} @${Math.floor(Date.now() / RENDERED_FOR_MS)}`
      : pageName(wanted);
    try {
      return await this.answer(request, name, async () => {
        let built: Built;
        if (wanted.page === 'watch') {
          const video = await this.store.getVideo(wanted.videoId);
          built = render(video ? { page: 'watch', video } : { page: 'video-not-found' });
        } else if (wanted.page === 'course') {
          const course = await this.store.getCourse(wanted.slug);
          built = render(course ? { page: 'course', course } : { page: 'course-not-found' });
        } else {
          built = render(wanted);
        }
        if (!rendering || built.status !== 200) return built;
        const page = await this.renderPage(address, fetchApi, client);
        const text =
          typeof page === 'object' &&
          withRenderedPage(built.text, page, this.options.styles, this.options.boot);
        // Not rendered (busy, a read that failed, a render that threw): sent, never kept.
        return text ? { ...built, text } : { ...built, keep: false };
      });
    } catch (error) {
      this.options.failed?.(error);
      const generic = render({ page: 'unknown' });
      return new Response(request.method === 'HEAD' ? null : generic.text, {
        status: 503,
        headers: {
          'content-type': HTML,
          'cache-control': 'no-store',
          'retry-after': String(RETRY_SECONDS),
        },
      });
    }
  }

  /**
   * The page rendered with its data; else why not (the shell goes out instead, not kept): past
   * the render budget (render-budget.ts), 'slow' when it took longer than the budget's timeout
   * (abandoned: its signal aborts it; its slot is taken until it ends), undefined when its data
   * could not be read or the render failed.
   */
  private async renderPage(
    address: string,
    fetchApi: ApiFetch | undefined,
    client: string,
  ): Promise<RenderedPage | NoRender | 'slow' | undefined> {
    const render = this.options.render;
    if (!render || !fetchApi) return undefined;
    const taken = this.budget.take(client);
    if (typeof taken === 'string') return taken;
    const abandon = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const slow = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => {
        abandon.abort(
          new Error(`render of ${address} abandoned after ${this.budget.timeoutMs} ms`),
        );
        resolve('slow');
      }, this.budget.timeoutMs);
    });
    const rendered = (async () => {
      try {
        return await render(address, fetchApi, abandon.signal);
      } catch (error) {
        if (!abandon.signal.aborted) this.options.renderFailed?.(error);
        return undefined;
      } finally {
        clearTimeout(timer);
        taken.done();
      }
    })();
    return Promise.race([rendered, slow]);
  }

  /** robots.txt: everything but the API and the request tester, and where the sitemap is. */
  robots(request: Request): Response {
    const text = robotsTxt(this.originOf(request));
    return new Response(request.method === 'HEAD' ? null : text, {
      headers: { 'content-type': TEXT, 'cache-control': 'no-cache', etag: etagOf(text) },
    });
  }

  /** The sitemap index: the static pages' file and one file per SITEMAP_MAX_URLS videos. */
  sitemapIndex(request: Request): Promise<Response> {
    return this.answer(request, 'sitemap index', async (origin) => {
      const files = videoFileCount(await this.store.countVideos(), this.sitemapSize);
      const names = [PAGES_SITEMAP];
      for (let number = 1; number <= files; number += 1) names.push(videosSitemap(number));
      return { status: 200, type: XML, text: sitemapIndexXml(origin, names) };
    });
  }

  /** A file the index names; 404 for any other name or a number past the catalogue's end. */
  async sitemap(request: Request, name: string): Promise<Response> {
    const file = parseSitemapName(name);
    if (!file) return notFound();
    if (file.kind === 'pages') {
      return this.answer(request, `sitemap ${name}`, async (origin) => ({
        status: 200,
        type: XML,
        text: urlSetXml(STATIC_PAGE_PATHS.map((path) => origin + path)),
      }));
    }
    const files = videoFileCount(await this.store.countVideos(), this.sitemapSize);
    if (file.number > files) return notFound();
    return this.answer(
      request,
      `sitemap ${name}`,
      async (origin) => {
        const ids = await this.videoIds(file.number);
        if (!ids) return { status: 404, type: TEXT, text: 'Not found' };
        return {
          status: 200,
          type: XML,
          text: urlSetXml(ids.map((id) => origin + pagePaths.watch(id))),
        };
      },
      true,
    );
  }

  /** How many answers are kept, and what they cost (for tests). */
  get size(): { entries: number; bytes: number } {
    return this.kept.size;
  }

  /** One sitemap file built at a time (its keyset reads in memory, no more). */
  private queued<T>(build: () => Promise<T>): Promise<T> {
    const run = this.sitemapQueue.then(build, build);
    this.sitemapQueue = run.catch(() => {});
    return run;
  }

  /**
   * The ids of the videos of file `number` (from 1), in catalogue order: one index read from its
   * first video's place (no video row read, whatever the file); undefined past the catalogue's end.
   */
  private async videoIds(number: number): Promise<string[] | undefined> {
    const ids = await this.store.catalogueIds((number - 1) * this.sitemapSize, this.sitemapSize);
    return ids.length === 0 && number > 1 ? undefined : ids;
  }

  /**
   * An answer kept under `name` for this origin and coding while the catalogue keeps its version,
   * else built, compressed and kept (a 200 only). A matching If-None-Match gets a 304. `serial`:
   * built one at a time (queued), looked for again once its turn comes.
   */
  private async answer(
    request: Request,
    name: string,
    build: (origin: string, version: string) => Promise<Built>,
    serial = false,
  ): Promise<Response> {
    const origin = this.originOf(request);
    const coding = chooseEncoding(request.headers.get('accept-encoding') ?? undefined);
    const key = `${coding ?? 'identity'} ${origin} ${name}`;
    const version = await this.store.catalogueVersion();
    let kept = this.kept.use(key);
    if (kept?.version !== version && serial) {
      return this.queued(() => this.answer(request, name, build));
    }
    if (kept?.version !== version) {
      const built = await build(origin, version);
      const plain = new Response(built.text, {
        status: built.status,
        headers: {
          'content-type': built.type,
          'cache-control': 'no-cache',
          etag: etagOf(built.text),
          vary: 'accept-encoding',
        },
      });
      // Compressed for the coding the client takes (a HEAD too: its headers say the GET's).
      const asked = new Request('http://localhost/', {
        headers: coding ? { 'accept-encoding': coding } : {},
      });
      const compressed = await this.compress(asked, plain);
      // The compressor adds its own Vary to the one every coding of the answer carries.
      compressed.headers.set('vary', 'accept-encoding');
      if (built.status !== 200 || built.keep === false) {
        return withoutBodyForHead(request, compressed);
      }
      const answer = await answerToKeep(compressed, key, version);
      kept = answer.answer;
      this.kept.keep(key, kept);
    }
    const headers = toHeaders(kept);
    if (matches(request.headers.get('if-none-match'), String(kept.headers.etag))) {
      headers.delete('content-length');
      headers.delete('content-encoding');
      headers.delete('content-type');
      return new Response(null, { status: 304, headers });
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(kept.body), {
      status: 200,
      headers,
    });
  }
}

function withoutBodyForHead(request: Request, response: Response): Response {
  if (request.method !== 'HEAD') return response;
  return new Response(null, { status: response.status, headers: response.headers });
}

const notFound = () =>
  new Response('Not found', { status: 404, headers: { 'content-type': TEXT } });
