import { type Page } from '@playwright/test';
import { MAX_QUERY_TEXT } from '../src/contract/limits';
import {
  card,
  catalogue,
  drawInBrowser,
  expect,
  failCalls,
  openWatchPage,
  seed,
  stubExternalImages,
  test,
  PAGE_ONLY,
} from './support';

const grid = (page: Page) => page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
const results = (page: Page) =>
  page.getByRole('list', { name: 'Search results' }).getByRole('listitem');

test.describe('results page', () => {
  test('Enter in the search box opens the results for the text, and back returns', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/trending');
    const search = page.getByRole('searchbox', { name: 'Search videos' });
    await search.fill('css');
    // Typing still filters home live (case-sensitive title: nothing has 'css' in lower case).
    await expect(page).toHaveURL(/\/\?search=css$/);
    await expect(page.getByText('No videos matched the search keyword.')).toBeVisible();
    await search.press('Enter');

    await expect(page).toHaveURL(/\/results\?q=css$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “css”' })).toBeVisible();
    await expect(page).toHaveTitle(/css/);
    // Any case; title matches first, the most viewed of them first.
    await expect(results(page).first().getByRole('heading')).toHaveText(seed.css.title);
    await expect(page.getByText('13 results')).toBeVisible();
    await expect(search).toHaveValue('css');

    await page.goBack();
    await expect(page).toHaveURL(/\/\?search=css$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/results\?q=css$/);
    await expect(results(page)).toHaveCount(13);
  });

  test('the mobile search modal opens the results page on Enter', PAGE_ONLY, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('searchbox').fill('freecodecamp');
    await dialog.getByRole('searchbox').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/results\?q=freecodecamp$/);
    // The channel matches too.
    await expect(results(page).first()).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Results for “freecodecamp”' }),
    ).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?search=freecodecamp$/);
  });

  test(
    'Escape in the mobile search modal closes it and keeps the results',
    PAGE_ONLY,
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/results?q=react');
      await expect(results(page).first()).toBeVisible();
      const entries = await page.evaluate(() => history.length);
      await page.getByRole('button', { name: 'Search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await expect(dialog.getByRole('searchbox')).toBeFocused();
      await expect(dialog.getByRole('searchbox')).toHaveValue('react');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/results\?q=react$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Results for “react”' }),
      ).toBeVisible();
      expect(await page.evaluate(() => history.length)).toBe(entries);
      // Opened again, the box still holds the search.
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(dialog.getByRole('searchbox')).toHaveValue('react');
    },
  );

  test(
    'Escape in the header search box leaves the results and the text alone',
    PAGE_ONLY,
    async ({ page }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/results?q=react');
      await expect(results(page).first()).toBeVisible();
      const entries = await page.evaluate(() => history.length);
      const search = page.getByRole('searchbox', { name: 'Search videos' });
      await search.focus();
      await search.press('Escape');
      await expect(search).toHaveValue('react');
      await expect(page).toHaveURL(/\/results\?q=react$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Results for “react”' }),
      ).toBeVisible();
      expect(await page.evaluate(() => history.length)).toBe(entries);
    },
  );

  test('searches stop at the API limit; a longer shared link says so instead of failing', async ({
    page,
  }) => {
    const limit = String(MAX_QUERY_TEXT);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search videos' });
    await expect(search).toHaveAttribute('maxlength', limit);
    await search.focus();
    await page.keyboard.insertText('a'.repeat(MAX_QUERY_TEXT + 50));
    await expect(search).toHaveValue('a'.repeat(MAX_QUERY_TEXT));
    await expect(page.getByText('No videos matched the search keyword.')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('dialog').getByRole('searchbox')).toHaveAttribute(
      'maxlength',
      limit,
    );
    await page.keyboard.press('Escape');

    const long = 'react '.repeat(100);
    const tooLong = new RegExp(`Searches are at most ${MAX_QUERY_TEXT} characters`);
    await page.goto(`/results?q=${encodeURIComponent(long)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Search too long' })).toBeVisible();
    await expect(page.getByText(tooLong)).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await page.goto(`/?search=${encodeURIComponent(long)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Search too long' })).toBeVisible();
    await expect(page.getByText(tooLong)).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    // Spaces around a search are not part of it: a query at the limit once trimmed still runs.
    await page.goto(`/results?q=${encodeURIComponent(` ${'x'.repeat(MAX_QUERY_TEXT)} `)}`);
    await expect(page.getByText(/^No results for/)).toBeVisible();
  });

  test('a search with no match says so, repeating the query; a shared link works', async ({
    page,
  }) => {
    await page.goto('/results?q=xyzzy%20plugh');
    await expect(page.getByText('No results for “xyzzy plugh”')).toBeVisible();
    await expect(page).toHaveTitle(/xyzzy plugh/);
  });

  test('results page in pages as the list scrolls', async ({ page }) => {
    await page.goto('/results?q=generated');
    await expect(results(page)).toHaveCount(catalogue.page);
    await page.getByRole('button', { name: /^Show more videos/ }).scrollIntoViewIfNeeded();
    await expect(results(page)).toHaveCount(2 * catalogue.page);
  });
});

test.describe('paging', () => {
  test("home loads a page at a time: 'Show more videos' and scrolling", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(grid(page)).toHaveCount(catalogue.page);
    const more = page.getByRole('button', { name: /^Show more videos/ });
    await expect(more).toHaveText(`Show more videos (${catalogue.size - catalogue.page} more)`);
    // A DOM click: as the button comes into view the scroll loader may grow the grid under the
    // pointer, which would make a positioned click land on a card instead.
    await more.evaluate((button: HTMLButtonElement) => button.click());
    // The button's page, and perhaps the next too: the end of the list is in view.
    await expect.poll(() => grid(page).count()).toBeGreaterThanOrEqual(2 * catalogue.page);
    // Scrolling near the end loads the next pages by itself, until the catalogue ends.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 20_000);
        return grid(page).count();
      })
      .toBe(catalogue.size);
    await expect(more).toHaveCount(0);
    const ids = await grid(page)
      .getByRole('link')
      .evaluateAll((links) =>
        links
          .map((link) => link.getAttribute('href'))
          .filter((href) => href?.startsWith('/watch/')),
      );
    expect(new Set(ids).size).toBe(catalogue.size);
  });

  test('trending loads more as it scrolls, most viewed first', async ({ page }) => {
    await page.goto('/trending');
    const items = page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem');
    await expect(items).toHaveCount(catalogue.page);
    await page.getByRole('button', { name: /^Show more videos/ }).scrollIntoViewIfNeeded();
    await expect(items).toHaveCount(2 * catalogue.page);
    const views = await items.getByText(/ views$/).allTextContents();
    expect(views.length).toBe(2 * catalogue.page);
  });

  test('a next page that never answers gives up after 15 s and offers Try again', async ({
    page,
  }, testInfo) => {
    // The page's clock runs, and skips the 15 s ahead once the next page is asked for.
    await page.clock.install();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(grid(page)).toHaveCount(catalogue.page);
    // The next page is held: its answer would come after half a minute.
    const release = await failCalls(
      page,
      testInfo.project.name,
      [{ method: 'GET', path: '/api/videos' }],
      { delayMs: 30_000 },
    );
    await page.mouse.wheel(0, 20_000);
    const loading = page.getByRole('status').filter({ hasText: 'Loading more videos' });
    await expect(loading).toBeVisible();
    await page.clock.fastForward(15_000);
    const failed = page.getByRole('alert').filter({ hasText: 'Could not load more videos' });
    await expect(failed).toHaveText(
      'Could not load more videos: The server took too long to answer.Try again',
    );
    await expect(loading).toHaveCount(0);
    // The server answers again: Try again brings the page.
    await release();
    await failed.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => grid(page).count()).toBeGreaterThanOrEqual(2 * catalogue.page);
    await expect(failed).toHaveCount(0);
  });

  test('the app never asks for the whole catalogue', async ({ page, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== 'server', 'only server mode puts requests on the wire');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== baseURL) return;
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    await page.goto('/');
    await expect(grid(page)).toHaveCount(catalogue.page);
    // The server rendered Home with its data: the app asked for nothing.
    expect(asked).toEqual([]);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Trending' })
      .click();
    await expect(page.getByRole('list', { name: 'Trending videos' })).toBeVisible();
    await card(page, seed.css.title).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Up next' }).getByRole('listitem').first(),
    ).toBeVisible();
    expect(asked).not.toContain('/api/videos');
    expect(asked.some((path) => path.startsWith('/api/videos/trending?'))).toBe(true);
    expect(asked.some((path) => path.startsWith(`/api/video/${seed.css.id}/up-next`))).toBe(true);
  });
});

test.describe('paging a long listing', () => {
  // The listing is answered here, in the browser: the server's pages come unrendered.
  test.beforeEach(({ page }, testInfo) => drawInBrowser(page, testInfo.project.name));
  /** Made-up trending video number `n` (1-based). */
  const madeUp = (n: number) => ({
    _id: `long-${n}`,
    title: `Long listing video ${n}`,
    channelName: 'Long Channel',
    views: 1_000_000 - n,
    uploadedOn: '2024-01-01',
    avatar: '',
    description: `Video ${n} of a listing longer than the window`,
    categoryName: 'CSS',
  });

  test('Show more pressed from the keyboard moves on by a page past 240 cards, focus on the new videos, and Show earlier back', async ({
    page,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== 'server',
      "page.route sees server mode's requests only: the mock answers inside the page",
    );
    // The e2e catalogue holds 100 videos: trending is answered here, 1,000 long.
    const asked: number[] = [];
    await page.route(
      (url) => url.pathname === '/api/videos/trending',
      (route) => {
        const query = new URL(route.request().url()).searchParams;
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? catalogue.page);
        asked.push(offset);
        const count = Math.max(0, Math.min(limit, 1000 - offset));
        const videos = Array.from({ length: count }, (_, index) => madeUp(offset + index + 1));
        return route.fulfill({ json: { videos, total: 1000 } });
      },
    );
    await stubExternalImages(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/trending');
    const items = page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem');
    await expect(items).toHaveCount(catalogue.page);
    const more = page.getByRole('button', { name: /^Show more videos/ });
    const earlier = page.getByRole('button', { name: /^Show earlier videos/ });

    const loading = page.getByRole('status').filter({ hasText: 'Loading more videos' });
    for (let press = 1; press <= 13; press += 1) {
      // The button as a keyboard user finds it again after each press: without the page
      // scrolling there (the cards a press adds go in above it).
      await expect(loading).toHaveCount(0);
      const remaining = Number(/\((\d+) more\)/.exec((await more.textContent()) ?? '')?.[1]);
      await more.evaluate((button) => button.focus({ preventScroll: true }));
      await page.keyboard.press('Enter');
      // The focus lands on the first video the press brought.
      await expect(page.locator(':focus')).toHaveAccessibleName(
        new RegExp(`^Long listing video ${1000 - remaining + 1} `),
      );
    }
    await expect(loading).toHaveCount(0);
    await expect(items).toHaveCount(240);
    // Past 240 cards every press moved the window on by a page, dropping the oldest.
    await expect(earlier).toHaveText(`Show earlier videos (${4 * catalogue.page} before)`);
    await expect(items.first()).toContainText('Long listing video 97');
    await expect(more).toHaveText(`Show more videos (${1000 - 14 * catalogue.page} more)`);
    // The start was never asked for again: the earlier end did not undo the presses.
    expect(asked.filter((offset) => offset === 0)).toHaveLength(1);

    // Back the other way from the keyboard: the page before the window, focus on its first card.
    await earlier.evaluate((button) => button.focus({ preventScroll: true }));
    await page.keyboard.press('Enter');
    await expect(page.locator(':focus')).toHaveAccessibleName(/^Long listing video 73 /);
    // (The start, near the viewport now, may go on loading by itself.)
    await expect(earlier).not.toHaveText(`Show earlier videos (${4 * catalogue.page} before)`);
    await expect(items).toHaveCount(240);

    // Scrolling back up to the start still brings the earlier videos back.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(items.first().getByRole('heading')).not.toHaveText('Long listing video 97');
  });
  test('Show more from the keyboard goes to the first card not reached yet, also when a page is on its way', async ({
    page,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== 'server',
      "page.route sees server mode's requests only: the mock answers inside the page",
    );
    // Trending, 1,000 long; the page from `held` on waits until the test lets it go.
    let held = -1;
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    await page.route(
      (url) => url.pathname === '/api/videos/trending',
      async (route) => {
        const query = new URL(route.request().url()).searchParams;
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? catalogue.page);
        if (offset === held) await gate;
        const count = Math.max(0, Math.min(limit, 1000 - offset));
        const videos = Array.from({ length: count }, (_, index) => madeUp(offset + index + 1));
        return route.fulfill({ json: { videos, total: 1000 } });
      },
    );
    await stubExternalImages(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/trending');
    const items = page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem');
    await expect(items).toHaveCount(catalogue.page);
    const more = page.getByRole('button', { name: /^Show more videos/ });
    const loading = page.getByRole('status').filter({ hasText: 'Loading more videos' });
    const focused = page.locator(':focus');
    const scrollToEnd = () => page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));

    // The button takes the focus after 24 cards; scrolling brings the next 24 in above it.
    await more.evaluate((button) => button.focus({ preventScroll: true }));
    await scrollToEnd();
    await expect(items).toHaveCount(2 * catalogue.page);
    await expect(loading).toHaveCount(0);
    await page.keyboard.press('Enter');
    // Card 25, the first the keyboard had not reached: none skipped.
    await expect(focused).toHaveAccessibleName(/^Long listing video 25 /);

    // A press while the next page is on its way: the focus goes to its first card when it lands.
    held = 2 * catalogue.page;
    await more.evaluate((button) => button.focus({ preventScroll: true }));
    await scrollToEnd();
    await expect(loading).toBeVisible();
    await page.keyboard.press('Enter');
    letGo();
    await expect(items).toHaveCount(3 * catalogue.page);
    await expect(focused).toHaveAccessibleName(
      new RegExp(`^Long listing video ${2 * catalogue.page + 1} `),
    );
  });
  test('Back from a card opened deep in trending, past 240 cards, shows that card where it was, without loading the listing again', async ({
    page,
  }, testInfo) => {
    test.skip(
      testInfo.project.name !== 'server',
      "page.route sees server mode's requests only: the mock answers inside the page",
    );
    // Trending, 1,000 long: every page asked for is counted.
    const asked: number[] = [];
    await page.route(
      (url) => url.pathname === '/api/videos/trending',
      (route) => {
        const query = new URL(route.request().url()).searchParams;
        const offset = Number(query.get('offset') ?? 0);
        const limit = Number(query.get('limit') ?? catalogue.page);
        asked.push(offset);
        const count = Math.max(0, Math.min(limit, 1000 - offset));
        const videos = Array.from({ length: count }, (_, index) => madeUp(offset + index + 1));
        return route.fulfill({ json: { videos, total: 1000 } });
      },
    );
    await stubExternalImages(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/trending');
    const items = page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem');
    await expect(items).toHaveCount(catalogue.page);
    const earlier = page.getByRole('button', { name: /^Show earlier videos/ });
    const loading = page.getByRole('status').filter({ hasText: 'Loading more videos' });

    // Scrolling on until the window has moved past its first two pages: a page at a time, each
    // waited for (the answer in the listing), however long the machine takes over twelve of them.
    const more = page.getByRole('button', { name: /^Show more videos/ });
    const movedOn = `Show earlier videos (${2 * catalogue.page} before)`;
    const shownEarlier = async () =>
      (await earlier.count()) > 0 ? await earlier.textContent() : '';
    for (let scrolls = 0; (await shownEarlier()) !== movedOn; scrolls += 1) {
      expect(scrolls, 'scrolls to the end of the listing').toBeLessThan(12);
      const before = (await more.textContent()) ?? '';
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(more).not.toHaveText(before);
      await expect(loading).toHaveCount(0);
    }
    await page.evaluate(() => window.scrollBy(0, -1500));
    await expect(loading).toHaveCount(0);
    await expect(items).toHaveCount(240);

    // A card in view, as the reader would click it.
    const inView = await items.evaluateAll((cards) =>
      cards.findIndex((card) => card.getBoundingClientRect().top > 100),
    );
    const card = items.nth(inView);
    const title = (await card.getByRole('heading').textContent()) ?? '';
    const top = await card.evaluate((node) => node.getBoundingClientRect().top);
    const askedBefore = asked.length;
    await card.getByRole('heading').click();
    await expect(page).toHaveURL(/\/watch\//);

    await page.goBack();
    const again = items.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(again).toBeInViewport();
    await expect
      .poll(() => again.evaluate((node) => Math.round(node.getBoundingClientRect().top)))
      .toBe(Math.round(top));
    await expect(earlier).toHaveText(`Show earlier videos (${2 * catalogue.page} before)`);
    // The listing was not loaded again from its start.
    expect(asked.slice(askedBefore)).not.toContain(0);
    expect(asked.filter((offset) => offset === 0)).toHaveLength(1);
  });
});

test.describe('filters in the address', () => {
  test('chips come from the API and a chip is kept across reload and back', async ({ page }) => {
    await page.goto('/');
    const chips = page.getByRole('group', { name: 'Categories' }).getByRole('button');
    await expect(chips).toHaveText([...catalogue.chips]);
    await chips.getByText('HTML', { exact: true }).click();
    await expect(page).toHaveURL(/\/\?category=HTML$/);
    await expect(grid(page)).toHaveCount(catalogue.html);
    await page.reload();
    await expect(page.getByRole('button', { name: 'HTML', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(grid(page)).toHaveCount(catalogue.html);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(grid(page)).toHaveCount(catalogue.page);
  });

  test('a search typed on home is in the address and survives a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search videos' });
    await search.fill('Learn');
    await expect(page).toHaveURL(/\/\?search=Learn$/);
    await expect(grid(page)).toHaveCount(2);
    await page.reload();
    await expect(search).toHaveValue('Learn');
    await expect(grid(page)).toHaveCount(2);
  });

  test('a shared link with both filters shows that grid', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/?category=CSS&search=Learn');
    await expect(page.getByRole('button', { name: 'CSS', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('searchbox', { name: 'Search videos' })).toHaveValue('Learn');
    await expect(grid(page)).toHaveCount(1);
    await expect(grid(page).getByRole('heading')).toHaveText(seed.css.title);
  });
});

test.describe('up next', () => {
  for (const viewport of [
    { name: 'beside the player on a wide screen', width: 1400, height: 900 },
    { name: 'under the player on a phone', width: 375, height: 812 },
  ]) {
    test(`lists what to watch next ${viewport.name}, same category first`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openWatchPage(page, seed.css.id, seed.css.title);
      const upNext = page.getByRole('list', { name: 'Up next' }).getByRole('listitem');
      await expect(upNext.first()).toBeVisible();
      await expect(upNext.first().getByRole('heading')).toHaveText(/^CSS /);
      const player = await page.locator('iframe').boundingBox();
      const first = await upNext.first().boundingBox();
      expect(player && first).toBeTruthy();
      if (viewport.width > 1200) expect(first!.x).toBeGreaterThan(player!.x + player!.width - 1);
      else expect(first!.y).toBeGreaterThan(player!.y + player!.height - 1);

      const title = await upNext.first().getByRole('heading').textContent();
      await upNext.first().getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1, name: title ?? '' })).toBeVisible();
    });
  }
});
