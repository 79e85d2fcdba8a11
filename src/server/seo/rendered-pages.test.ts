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
import { SeoAnswers, withRenderedPage } from './seo-answers';

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

  async function appWith(seo: SeoAnswers): Promise<Hono> {
    return createServerApp({
      api: createApi({
        store: opened.store,
        secret: 'x'.repeat(32),
        passwordHasher: testHasher,
        clock: systemClock,
      }),
      site: await loadStaticSite(site, {
        page: (request, text, fetchApi) => seo.page(request, text, fetchApi),
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
    const app = await appWith(new SeoAnswers(opened.store, { render: renderer.render }));
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
    const app = await appWith(new SeoAnswers(opened.store, { render: renderer.render, styles }));
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
    const app = await appWith(new SeoAnswers(opened.store, { render: renderer.render }));
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
    const app = await appWith(
      new SeoAnswers(opened.store, { render: renderer.render, renderSlots: 1 }),
    );
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
      new SeoAnswers(opened.store, {
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
});
