import { type Page } from '@playwright/test';
import {
  drawInBrowser,
  expect,
  likeVideo,
  openWatchPage,
  PAGE_ONLY,
  saveToWatchLater,
  seed,
  signedInUser,
  stubExternalImages,
  test,
} from './support';

const narrowest = 320;
const widths = [narrowest, 375, 768, 1024, 1280, 1920];
const routes = [
  '/',
  '/trending',
  '/results?q=css',
  `/watch/${seed.jsCourse.id}`,
  '/liked-videos',
  '/history',
  '/watch-later',
  '/playlist',
  '/profile',
  '/login',
  '/signup',
  '/mock',
];

/** How far the page is wider than its window, once layout has settled after a resize. */
async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const measure = () => {
          const root = document.documentElement;
          resolve(root.scrollWidth - root.clientWidth);
        };
        // Two frames: media-query listeners re-render, then the new layout is measured. A busy
        // headless browser may hold frames back for a while: measure after 500 ms at the latest
        // (reading scrollWidth lays the page out for the new width either way).
        requestAnimationFrame(() => requestAnimationFrame(measure));
        setTimeout(measure, 500);
      }),
  );
}

// Each route is opened once at the narrowest width (a phone's first load, where overflow is most
// likely) and then resized through the wider ones, as a window or a rotated phone would be: 12
// page loads instead of 72 (about a minute on a busy two-core machine; 3 minutes allowed).
test('no route scrolls sideways from 320 px to 1920 px', PAGE_ONLY, async ({ page }) => {
  test.setTimeout(180_000);
  await stubExternalImages(page);
  await signedInUser(page);
  // The lists hold the video before the routes are visited: a goto would cancel a call on its way.
  await openWatchPage(page, seed.jsCourse.id, seed.jsCourse.title);
  await likeVideo(page);
  await saveToWatchLater(page);

  const overflowing: string[] = [];
  for (const path of routes) {
    await page.setViewportSize({ width: narrowest, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${path} at ${width}px: ${overflow}px too wide`);
    }
  }
  expect(overflowing).toEqual([]);
});

// Cards as wide as YouTube's on wide screens, not six narrow columns.
test('home cards are 320–400 px wide on wide screens', PAGE_ONLY, async ({ page }) => {
  await stubExternalImages(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const grid = page.getByRole('list', { name: 'Videos' });
  await expect(grid.getByRole('listitem').first()).toBeVisible();
  for (const width of [1280, 1920, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    const widths = await grid
      .locator(':scope > li')
      .evaluateAll((cards) => cards.slice(0, 8).map((card) => card.getBoundingClientRect().width));
    for (const cardWidth of widths) {
      expect(cardWidth, `a card at ${width} px`).toBeGreaterThanOrEqual(320);
      expect(cardWidth, `a card at ${width} px`).toBeLessThanOrEqual(400);
    }
  }
});

// Text a user chose (a pasted link as the search, a channel's name in a link, a playlist's name)
// wraps inside a phone's width instead of widening the page.
test(
  'headings and messages holding long unbroken user text wrap at 320 px',
  PAGE_ONLY,
  async ({ page }) => {
    await stubExternalImages(page);
    await signedInUser(page);
    const name = 'https://www.youtube.com/playlist?list=PLillGF-RfqbZTASqIqdvm1R5mLrQq79CU';
    const playlistId = await page.evaluate(async (title) => {
      const response = await fetch('/api/user/playlists', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: localStorage.getItem('token') ?? '',
        },
        body: JSON.stringify({ playlist: { title } }),
      });
      const { playlists } = (await response.json()) as {
        playlists: { _id: string; title: string }[];
      };
      return playlists.find((playlist) => playlist.title === title)?._id;
    }, name);
    expect(playlistId).toBeTruthy();

    const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const screens = [
      [`/results?q=${encodeURIComponent(link)}`, `Results for “${link}”`],
      [`/channel/${encodeURIComponent(link)}`, link],
      [`/playlist/${playlistId}`, name],
      ['/playlist', name],
    ] as const;
    await page.setViewportSize({ width: narrowest, height: 640 });
    const overflowing: string[] = [];
    for (const [path, text] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: text }).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) overflowing.push(`${path}: ${overflow}px too wide`);
    }
    expect(overflowing).toEqual([]);
  },
);

// A channel's name comes from the catalogue: one long word wraps on every kind of card too.
test('a long channel name wraps on the watch page, its Up next cards and the grids at 320 px', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mock', 'the server project rewrites the answers on the way');
  await stubExternalImages(page);
  const longName = 'TheChannelWhoseNameIsOneLongWordWithoutAnyPlaceToBreakIt';
  // Every video the catalogue sends is from that channel (the pages drawn in the browser).
  await drawInBrowser(page, testInfo.project.name);
  await page.route(
    (url) => /^\/api\/videos?(\/|$)/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = (await response.text()).replace(
        /"channelName":"[^"]*"/g,
        `"channelName":"${longName}"`,
      );
      await route.fulfill({ status: response.status(), headers, body });
    },
  );
  await page.setViewportSize({ width: narrowest, height: 640 });
  const overflowing: string[] = [];
  for (const path of [`/watch/${seed.css.id}`, '/', '/trending']) {
    await page.goto(path);
    await expect(page.getByRole('main').getByText(longName).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
    if (path.startsWith('/watch/')) {
      await expect(
        page.getByRole('list', { name: 'Up next' }).getByText(longName).first(),
      ).toBeVisible();
    }
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) overflowing.push(`${path}: ${overflow}px too wide`);
  }
  expect(overflowing).toEqual([]);
});
