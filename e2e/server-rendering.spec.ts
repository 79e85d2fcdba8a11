import type { Page, Request } from '@playwright/test';
import {
  card,
  catalogue,
  expect,
  likeVideo,
  seed,
  signedInUser,
  stubExternalImages,
  test,
  waitForHydration,
} from './support';

// Server mode renders the public pages on the server with their data, and the app takes the HTML
// over (issue 27). The mock build is a static app: its pages are drawn in the browser.
test.beforeEach(() => {
  test.skip(test.info().project.name === 'mock', 'the mock build serves one static index.html');
});

/** The API reads a page asks for from now on. */
function apiReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    // The app's own API (not an avatar service's /api/).
    if (url.hostname !== '127.0.0.1') return;
    if (url.pathname.startsWith('/api/') && request.method() === 'GET') {
      reads.push(url.pathname + url.search);
    }
  });
  return reads;
}

test("a watch page's HTML holds the video's title, its description and the page's data", async ({
  request,
}) => {
  const answer = await request.get(`/watch/${seed.css.id}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${seed.css.title}</h1>`));
  expect(html).toContain('<h2');
  // Up next is there too, with links to other watch pages.
  expect(html).toMatch(/<ul[^>]*aria-label="Up next"/);
  const data = /<script id="codetube-data" type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(data).not.toBeNull();
  const { state } = JSON.parse(data![1]!) as { state: { queries: { queryKey: unknown[] }[] } };
  expect(state.queries.map((query) => query.queryKey[0])).toEqual(
    expect.arrayContaining(['GET /api/video/{videoId}', 'GET /api/video/{videoId}/up-next']),
  );
});

test('a public page reads with JavaScript off: the cards and their links are in the HTML', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await stubExternalImages(page);
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Videos' });
  await expect(grid.getByRole('listitem')).toHaveCount(catalogue.page);
  await expect(card(page, seed.css.title).getByRole('link').first()).toHaveAttribute(
    'href',
    `/watch/${seed.css.id}`,
  );
  await page.goto('/trending');
  await expect(page.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem'),
  ).toHaveCount(catalogue.page);
  await page.goto(`/watch/${seed.css.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await page.goto('/results?q=css');
  await expect(page.getByText(/\d+ results?/)).toBeVisible();
  await context.close();
});

test('the app takes a rendered page over without asking again for what it shows', async ({
  page,
}) => {
  await stubExternalImages(page);
  const reads = apiReads(page);
  await page.goto('/trending');
  await expect(
    page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem'),
  ).toHaveCount(catalogue.page);
  expect(reads).toEqual([]);
  // It is the app's: the next page comes as the list's end nears, and a card opens client-side.
  const more = page.getByRole('button', { name: /Show more videos/ });
  await more.evaluate((button) => button.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem'),
  ).toHaveCount(2 * catalogue.page);
  expect(reads.filter((path) => path.startsWith('/api/videos/trending'))).toHaveLength(1);
});

test('a rendered page fetches its code at low priority and runs it after it has painted', async ({
  page,
}) => {
  await stubExternalImages(page);
  // When the app's entry module is put in the page to run.
  await page.addInitScript(() => {
    new MutationObserver((changes, observer) => {
      const added = changes.flatMap((change) => [...change.addedNodes]);
      const entry = added.find(
        (node) => node instanceof HTMLScriptElement && node.type === 'module' && node.src !== '',
      );
      if (!entry) return;
      (window as unknown as { entryRunAt: number }).entryRunAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`/watch/${seed.css.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await waitForHydration(page);
  const { paint, entryRunAt, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    entryRunAt: (window as unknown as { entryRunAt?: number }).entryRunAt,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\/assets\/[^/]+\.js$/.test(entry.name))
      .sort((a, b) => a.startTime - b.startTime)
      .map((entry) => ({ file: new URL(entry.name).pathname, at: entry.startTime })),
  }));
  expect(paint).toBeGreaterThan(0);
  expect(entryRunAt).toBeGreaterThanOrEqual(paint!);
  // The entry and the screen's code in a few files, not a file for every small module the screen
  // shares with others (each a round trip on a phone; the watch page had twelve).
  const upFront = scripts.filter((script) => script.at < entryRunAt!).map((script) => script.file);
  expect(upFront).toContainEqual(expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/));
  expect(upFront.length).toBeLessThanOrEqual(4);
  const preloads = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload], link[as=style]')].map(
      (link) => ({ href: new URL(link.href).pathname, priority: link.fetchPriority }),
    ),
  );
  const screen = preloads.filter((link) => link.href.includes('watch-page'));
  expect(screen.length).toBeGreaterThan(0);
  expect(preloads.filter((link) => link.priority !== 'low')).toEqual([]);
});

test('a signed-in user reloading a rendered page gets their session on it', async ({ page }) => {
  await stubExternalImages(page);
  await page.goto('/');
  const user = await signedInUser(page);
  await page.goto(`/watch/${seed.css.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await likeVideo(page);
  expect(user.email).toContain('@');
});

test("a library screen's HTML is its shell: the layout and its loading state, never the logged-out notice", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/liked-videos')).text();
  expect(html).toContain('data-rendered=""');
  expect(html).toMatch(/<nav[^>]*>/);
  expect(html).toContain('Loading…');
  expect(html).not.toContain('logged out');

  // In the browser: a signed-in user's list comes in, and the notice never showed on the way.
  await stubExternalImages(page);
  await page.goto('/');
  await signedInUser(page);
  await page.goto(`/watch/${seed.css.id}`);
  await likeVideo(page);
  await page.addInitScript(`(() => {
    new MutationObserver(() => {
      if (document.body && document.body.textContent.includes("You're logged out.")) {
        window.sawLoggedOut = true;
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  })()`);
  await page.goto('/liked-videos');
  await expect(card(page, seed.css.title)).toBeVisible();
  expect(await page.evaluate(() => (window as { sawLoggedOut?: boolean }).sawLoggedOut)).toBe(
    undefined,
  );

  // A visitor gets the notice once the page is the app's.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByText("You're logged out.")).toBeVisible();
});
