// @vitest-environment jsdom
// (for DOMParser: the pages are read as a browser reads them)
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../api/clock';
import { createApi } from '../../api/create-api';
import { seedIfEmpty } from '../../api/seed/seed-data';
import { testHasher } from '../../api/testing/api-harness';
import type { Logger } from '../logger';
import { createServerApp } from '../server-app';
import { loadStaticSite } from '../static-site';
import { openSqliteTestStore } from '../testing/open-test-store';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';
import { shellOf } from './page-code';
import { SCRIPT_AFTER_PAINT } from '../../web/boot/code-after-paint';
import type { PageRenderer } from './page-renderer';
import { RENDER_LIMITS, RenderBudget, type RenderLimits } from './render-budget';
import { SeoAnswers, withRenderedPage, type SeoOptions } from './seo-answers';

const silent: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const html = (text: string) => new DOMParser().parseFromString(text, 'text/html');

/**
 * A stand-in for the built renderer (src/web/ssr/render-page.tsx, which the e2e tests run): it
 * reads trending through the API it is handed, as the app's reads do, and draws the titles.
 */
function listingRenderer() {
  const calls: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const render: PageRenderer = async (url, fetchApi) => {
    calls.push(url);
    await gate;
    const answer = await fetchApi(new Request('http://localhost/api/videos/trending?limit=3'));
    const { videos } = (await answer.json()) as { videos: { title: string }[] };
    return {
      html: `<ul>${videos.map((video) => `<li>${video.title}</li>`).join('')}</ul>`,
      dataScript: `<script id="codetube-data" type="application/json">{"for":${JSON.stringify(url)}}</script>`,
    };
  };
  return {
    render,
    calls,
    /** Holds the renders until the returned function is called. */
    hold: () => {
      let open = () => {};
      gate = new Promise((resolve) => (open = resolve));
      return () => {
        gate = Promise.resolve();
        open();
      };
    },
  };
}

describe('public pages rendered with their data', () => {
  const dir = createTempDir();
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  let site: string;

  /** Renders with a budget whose event loop never lags (the machine's load plays no part). */
  const seoWith = (options: SeoOptions, limits: Partial<RenderLimits> = {}, lag = () => 0) =>
    new SeoAnswers(opened.store, {
      renderBudget: new RenderBudget({ ...RENDER_LIMITS, ...limits }, lag),
      ...options,
    });

  async function appWith(seo: SeoAnswers): Promise<Hono> {
    return createServerApp({
      // The client's address, as a test names it.
      clientAddress: (c) => c.req.header('x-test-client') ?? 'client',
      api: createApi({
        store: opened.store,
        secret: 'x'.repeat(32),
        passwordHasher: testHasher,
        clock: systemClock,
      }),
      site: await loadStaticSite(site, {
        page: (request, text, fetchApi, client) => seo.page(request, text, fetchApi, client),
      }),
      seo,
      checkDatabase: async () => {},
      settleWrites: async () => {},
      log: silent,
    });
  }

  beforeAll(async () => {
    opened = await openSqliteTestStore();
    await seedIfEmpty(opened.store, testHasher, systemClock(), { extraVideos: 3 });
    site = writeWebFixture(dir.path);
  });
  afterAll(async () => {
    await opened.close();
    await dir.drop();
  });

  it('puts the page in #root and its data after it, read from the API, once per address', async () => {
    const renderer = listingRenderer();
    const app = await appWith(seoWith({ render: renderer.render }));
    const answer = await app.request('/trending');
    expect(answer.status).toBe(200);
    const page = html(await answer.text());
    expect(page.documentElement.hasAttribute('data-rendered')).toBe(true);
    const { videos } = (await (await app.request('/api/videos/trending?limit=3')).json()) as {
      videos: { title: string }[];
    };
    const root = page.getElementById('root')!;
    expect([...root.querySelectorAll('li')].map((item) => item.textContent)).toEqual(
      videos.map((video) => video.title),
    );
    expect(root.querySelector('.boot-bar')).toBeNull();
    expect(root.nextElementSibling?.id).toBe('codetube-data');
    expect(JSON.parse(root.nextElementSibling!.textContent!)).toEqual({ for: '/trending' });

    // Kept: the same address again is not rendered again; another query is its own page.
    await app.request('/trending');
    expect(renderer.calls).toEqual(['/trending']);
    await app.request('/results?q=css');
    await app.request('/results?q=CSS');
    expect(renderer.calls).toEqual(['/trending', '/results?q=css', '/results?q=CSS']);
  });

  it("carries the app's stylesheets inline, in place of their links", async () => {
    const renderer = listingRenderer();
    const styles = '.card{color:red}\n.grid{display:grid}';
    const app = await appWith(seoWith({ render: renderer.render, styles }));
    const page = html(await (await app.request('/trending')).text());
    expect([...page.querySelectorAll('head style')].map((style) => style.textContent)).toContain(
      styles,
    );
    expect(page.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    // A page not rendered keeps index.html as built.
    const shell = html(await (await app.request('/login')).text());
    expect(shell.querySelectorAll('head style')).toHaveLength(0);
  });

  it("links the app's code inert, for after the first paint: the page paints from its HTML alone", () => {
    const boot = { tag: '<script src="/assets/boot-1.js"></script>', text: 'boot()' };
    const index =
      `<!doctype html><html><head>${boot.tag}` +
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
      '<link rel="modulepreload" crossorigin href="/assets/home-1.js">\n' +
      '</head><body><div id="root"><!--app--><div class="boot-bar"></div><!--/app--></div></body></html>';
    const rendered = withRenderedPage(
      index,
      {
        html: '<p>cards</p>',
        dataScript: '<script id="codetube-data" type="application/json">{}</script>',
      },
      undefined,
      boot,
    )!;
    const page = html(rendered);
    // Every file fetched at once at low priority; nothing run before the boot script starts the
    // entry (after the first paint).
    expect(page.querySelectorAll('script[type="module"]')).toHaveLength(0);
    expect(page.querySelector(`script[type="${SCRIPT_AFTER_PAINT}"]`)?.getAttribute('src')).toBe(
      '/assets/index-1.js',
    );
    const preloads = [...page.querySelectorAll('link[rel="modulepreload"]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/index-1.js',
      '/assets/react-1.js',
      '/assets/home-1.js',
    ]);
    expect(preloads.map((link) => link.getAttribute('fetchpriority'))).toEqual([
      'low',
      'low',
      'low',
    ]);
    expect(page.querySelector('head script')?.textContent).toBe('boot()');
    // Its shell (what tests and benches draw in the browser): the code as built, #root empty.
    const shell = html(shellOf(rendered));
    expect(shell.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
      '/assets/index-1.js',
    );
    expect(shell.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(2);
    expect(shell.querySelectorAll('[fetchpriority]')).toHaveLength(0);
    expect(shell.documentElement.hasAttribute('data-rendered')).toBe(false);
    expect(shell.getElementById('root')?.innerHTML).toBe('');
  });

  it('renders the library screens (their shell), never the forms, the profile or the tester', async () => {
    const renderer = listingRenderer();
    const app = await appWith(seoWith({ render: renderer.render }));
    for (const path of ['/login', '/signup', '/profile', '/mock']) {
      const page = html(await (await app.request(path)).text());
      expect(page.documentElement.hasAttribute('data-rendered')).toBe(false);
      expect(page.querySelector('#root .boot-bar')).not.toBeNull();
    }
    expect(renderer.calls).toEqual([]);
    const library = ['/liked-videos', '/history', '/watch-later', '/playlist', '/playlist/p1'];
    for (const path of library) {
      const page = html(await (await app.request(path)).text());
      expect(page.documentElement.hasAttribute('data-rendered')).toBe(true);
    }
    expect(renderer.calls).toEqual(library);
  });

  it('sends the shell, not kept, while its renders are all busy', async () => {
    const renderer = listingRenderer();
    const app = await appWith(seoWith({ render: renderer.render }, { slots: 1 }));
    const open = renderer.hold();
    const first = app.request('/trending');
    // The one slot is taken: another page goes out at once, as the shell.
    await expect.poll(() => renderer.calls.length).toBe(1);
    const busy = html(await (await app.request('/?category=CSS')).text());
    expect(busy.documentElement.hasAttribute('data-rendered')).toBe(false);
    expect(busy.querySelector('#root .boot-bar')).not.toBeNull();
    open();
    expect((await first).status).toBe(200);
    // Not kept as the shell: asked again, it is rendered.
    const later = html(await (await app.request('/?category=CSS')).text());
    expect(later.documentElement.hasAttribute('data-rendered')).toBe(true);
    expect(renderer.calls).toEqual(['/trending', '/?category=CSS']);
  });

  it('sends the shell, not kept, when the render fails or its data cannot be read', async () => {
    const failures: unknown[] = [];
    const renderer = listingRenderer();
    let outcome: 'throw' | 'unread' | 'render' = 'throw';
    const app = await appWith(
      seoWith({
        render: async (url, fetchApi) => {
          if (outcome === 'throw') throw new Error('render broke');
          if (outcome === 'unread') return undefined;
          return renderer.render(url, fetchApi);
        },
        renderFailed: (error) => failures.push(error),
      }),
    );
    const broken = await app.request('/trending');
    expect(broken.status).toBe(200);
    expect(html(await broken.text()).querySelector('#root .boot-bar')).not.toBeNull();
    expect(failures).toEqual([new Error('render broke')]);
    outcome = 'unread';
    const unread = html(await (await app.request('/trending')).text());
    expect(unread.documentElement.hasAttribute('data-rendered')).toBe(false);
    // Once it can be rendered, it is: the shells were not kept.
    outcome = 'render';
    const rendered = html(await (await app.request('/trending')).text());
    expect(rendered.documentElement.hasAttribute('data-rendered')).toBe(true);
  });
  const isRendered = async (answer: Response | Promise<Response>) =>
    html(await (await answer).text()).documentElement.hasAttribute('data-rendered');

  it('keeps one render per page and the parameters it reads: junk parameters and hosts share it', async () => {
    const renderer = listingRenderer();
    const app = await appWith(
      seoWith({ render: renderer.render, publicUrl: 'https://tube.example.org' }),
    );
    const { videos } = (await (await app.request('/api/videos/trending?limit=1')).json()) as {
      videos: { _id: string }[];
    };
    const id = videos[0]!._id;
    const asked = [
      'http://localhost/trending?x=1',
      'http://evil.example/trending?x=2',
      'http://other.example:8080/trending?utm_source=a&x=3',
      'http://localhost/?utm=1&category=CSS',
      'http://localhost/?category=CSS&utm=2',
      'http://localhost/results?q=css&ref=mail',
      'http://localhost/results?q=css',
      `http://localhost/watch/${id}?t=30&fbclid=1`,
      `http://localhost/watch/${id}?fbclid=2&t=30`,
      'http://localhost/courses?page=9',
    ];
    for (const address of asked) expect(await isRendered(app.request(address))).toBe(true);
    // Each page rendered once, with only what it reads in its address.
    expect(renderer.calls).toEqual([
      '/trending',
      '/?category=CSS',
      '/results?q=css',
      `/watch/${id}?t=30`,
      '/courses',
    ]);
    // What a page reads still makes its own page.
    await app.request('/?category=HTML&x=1');
    expect(renderer.calls.at(-1)).toBe('/?category=HTML');
  });

  it("sends the shell past a client address's renders, others still rendered", async () => {
    const renderer = listingRenderer();
    const app = await appWith(seoWith({ render: renderer.render }, { perClient: 2 }));
    const asked = (path: string, client: string) =>
      isRendered(app.request(path, { headers: { 'x-test-client': client } }));
    expect(await asked('/results?q=one', 'attacker')).toBe(true);
    expect(await asked('/results?q=two', 'attacker')).toBe(true);
    expect(await asked('/results?q=three', 'attacker')).toBe(false);
    expect(renderer.calls).toHaveLength(2);
    // Another address has its own renders; a page rendered already is served to anyone.
    expect(await asked('/results?q=three', 'user')).toBe(true);
    expect(await asked('/results?q=one', 'attacker')).toBe(true);
    expect(renderer.calls).toHaveLength(3);
  });

  it("sends the shell once the process's renders took their share of its time", async () => {
    let now = 0;
    const renderer = listingRenderer();
    const app = await appWith(
      seoWith({
        render: async (url, fetchApi) => {
          now += 1_000; // each render takes a second of this process's time
          return renderer.render(url, fetchApi);
        },
        renderBudget: new RenderBudget(
          { ...RENDER_LIMITS, share: 0.25, shareWindowMs: 4_000 },
          () => 0,
          () => now,
        ),
      }),
    );
    expect(
      await isRendered(app.request('/results?q=a', { headers: { 'x-test-client': 'a' } })),
    ).toBe(true);
    // A quarter of four seconds is spent: from any address, the shell.
    expect(
      await isRendered(app.request('/results?q=b', { headers: { 'x-test-client': 'b' } })),
    ).toBe(false);
    now += 8_000;
    expect(
      await isRendered(app.request('/results?q=b', { headers: { 'x-test-client': 'b' } })),
    ).toBe(true);
  });

  it('sends the shell while the event loop lags', async () => {
    let lagMs = RENDER_LIMITS.maxLagMs + 500;
    const renderer = listingRenderer();
    const app = await appWith(seoWith({ render: renderer.render }, {}, () => lagMs));
    expect(await isRendered(app.request('/trending'))).toBe(false);
    expect(renderer.calls).toEqual([]);
    lagMs = 3;
    expect(await isRendered(app.request('/trending'))).toBe(true);
  });

  it('abandons a render that runs too long for the shell, its signal aborted', async () => {
    const signals: AbortSignal[] = [];
    let finish = () => {};
    let hang = true;
    const app = await appWith(
      seoWith(
        {
          render: (_url, _fetchApi, signal) => {
            if (signal) signals.push(signal);
            if (!hang) return Promise.resolve({ html: '<p>soon</p>', dataScript: '' });
            return new Promise((resolve) => {
              finish = () => resolve({ html: '<p>late</p>', dataScript: '' });
            });
          },
        },
        { timeoutMs: 20, slots: 1 },
      ),
    );
    const answer = await app.request('/trending');
    expect(answer.status).toBe(200);
    expect(await isRendered(answer)).toBe(false);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
    // Its slot is taken until it ends, then free again.
    expect(await isRendered(app.request('/courses'))).toBe(false);
    expect(signals).toHaveLength(1);
    hang = false;
    finish();
    await expect.poll(() => isRendered(app.request('/courses'))).toBe(true);
  });
});
