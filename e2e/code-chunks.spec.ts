import { type ConsoleMessage, type Page } from '@playwright/test';
import { card, expect, seed, stubExternalImages, test } from './support';

// The app's screens are code files loaded on first use (issue 27): one that cannot load, offline
// or gone after a new deploy, never ends on the crash screen; and the public pages load clean.
const OFFLINE = "You're offline. CodeTube can't reach its server.";
const CRASH = 'Unexpected Application Error!';
/** The Trending screen's code file (its name carries the build's hash), under any query. */
const trendingChunk = /\/assets\/trending-page-[\w-]+\.js(\?[^/]*)?$/;

/** Playwright's own word for the service worker it keeps out (playwright.config.ts). */
const BLOCKED_WORKER = 'Service Worker registration blocked by Playwright';

/** Every console error and warning, and every uncaught error, the page shows from now on. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.text() === BLOCKED_WORKER) return;
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('a screen whose code cannot load offline shows the banner, then itself when the network is back', async ({
  page,
  context,
}) => {
  await stubExternalImages(page);
  await page.goto('/');
  await expect(card(page, seed.css.title)).toBeVisible();
  const problems = collectProblems(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-page', 'yes'));

  await context.setOffline(true);
  // Its file is not even asked for while the browser knows it is offline (retrying-import.ts).
  const asked: string[] = [];
  page.on('request', (request) => {
    if (trendingChunk.test(request.url())) asked.push(request.url());
  });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trending' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByText(CRASH)).toBeHidden();

  expect(asked).toEqual([]);
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Trending' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Trending videos' })).toBeVisible();
  // Its styles came with the app's one stylesheet (vite.config.ts: cssCodeSplit off): there is
  // no stylesheet of its own that could have failed with it, and the app's is whole.
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => {
      // A failed one has an empty sheet, whose rules cannot even be read.
      let loaded = false;
      try {
        loaded = (link.sheet?.cssRules.length ?? 0) > 0;
      } catch {
        // Unreadable: not loaded.
      }
      return { path: new URL(link.href).pathname, loaded };
    }),
  );
  expect(sheets.filter((sheet) => sheet.path.includes('/assets/trending-page-'))).toEqual([]);
  expect(sheets.every((sheet) => sheet.loaded)).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeHidden();
  await expect(page.getByText(CRASH)).toBeHidden();
  // Recovered in place: no reload, and nothing went wrong on the way.
  await expect(page.locator('html')).toHaveAttribute('data-e2e-same-page', 'yes');
  expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});

test('a browser that keeps a failed import failed gets the screen in place, from a new address', async ({
  page,
}) => {
  // Chromium 150 answers every import() of an address that once failed with the same failure,
  // without a request, whatever the network does since. Here the file's own address fails for the
  // page's whole life, as there, while the site answers: on any Chromium.
  await stubExternalImages(page);
  await page.goto('/');
  await expect(card(page, seed.css.title)).toBeVisible();
  const problems = collectProblems(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-page', 'yes'));
  await page.route(
    (url) => trendingChunk.test(url.href) && url.search === '',
    (route) => route.abort('internetdisconnected'),
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trending' })
    .click();
  await expect(page.getByRole('list', { name: 'Trending videos' })).toBeVisible();
  await expect(page.getByText(CRASH)).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('data-e2e-same-page', 'yes');
  expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
});

test('a screen whose code a new deploy replaced reloads the page once, and never loops', async ({
  page,
}) => {
  await stubExternalImages(page);
  await page.goto('/');
  await expect(card(page, seed.css.title)).toBeVisible();
  let documents = 0;
  // The old build's Trending file is gone (404) until the page loads the new build: here, until
  // the page asks for a document again.
  let deployed = false;
  await page.route(
    () => true,
    (route) => {
      const request = route.request();
      if (request.resourceType() === 'document') {
        documents += 1;
        deployed = true;
      }
      if (!deployed && trendingChunk.test(request.url())) {
        return route.fulfill({ status: 404, body: 'Not found' });
      }
      return route.fallback();
    },
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trending' })
    .click();
  await expect(page.getByRole('list', { name: 'Trending videos' })).toBeVisible();
  await expect(page).toHaveURL(/\/trending$/);
  expect(documents).toBe(1);
  await expect(page.getByText(CRASH)).toBeHidden();
});

test('a file that stays missing reloads once, then says so instead of reloading again', async ({
  page,
}) => {
  await stubExternalImages(page);
  await page.goto('/');
  await expect(card(page, seed.css.title)).toBeVisible();
  let documents = 0;
  await page.route(
    () => true,
    (route) => {
      const request = route.request();
      if (request.resourceType() === 'document') documents += 1;
      if (trendingChunk.test(request.url())) {
        return route.fulfill({ status: 404, body: 'Not found' });
      }
      return route.fallback();
    },
  );
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trending' })
    .click();
  await expect(page.getByRole('heading', { name: CRASH })).toBeVisible();
  expect(documents).toBe(1);
});

/** YouTube's player, out of reach of the tests: an empty page and an API that does nothing. */
async function standInForYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
}

test.describe('the public pages load without a console error or warning', () => {
  const pages = [
    '/',
    '/trending',
    '/results?q=react',
    `/watch/${seed.css.id}`,
    `/channel/${encodeURIComponent('Web Dev Simplified')}`,
  ];
  for (const path of pages) {
    test(path, async ({ page }) => {
      await stubExternalImages(page);
      await standInForYouTube(page);
      const problems = collectProblems(page);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible();
      // Whatever runs once the page is idle (lazy parts, preloads) has had its turn too.
      await page.evaluate(
        () => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5000 })),
      );
      expect(problems).toEqual([]);
    });
  }
});
