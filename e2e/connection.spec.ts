import { type Page } from '@playwright/test';
import {
  card,
  catalogue,
  cutBackend,
  expect,
  failCalls,
  likeVideo,
  openWatchPage,
  seed,
  signedInUser,
  stubExternalImages,
  test,
} from './support';

// The server down, and failed actions, no longer break the app.
const OFFLINE = "You're offline. CodeTube can't reach its server.";

/** Marks the document, so a test can tell that the page was never reloaded. */
const markDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.setAttribute('data-e2e-same-page', 'yes'));
const sameDocument = (page: Page) =>
  expect(page.locator('html')).toHaveAttribute('data-e2e-same-page', 'yes');

test('with the server down a banner offers Retry, and Retry brings the screen back', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(card(page, seed.css.title)).toBeVisible();
  await markDocument(page);
  const reconnect = await cutBackend(page, testInfo.project.name);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Trending' })
    .click();
  const banner = page.getByRole('status').filter({ hasText: OFFLINE });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  // Retry while the server is still down: the banner stays.
  const retry = banner.getByRole('button', { name: 'Retry' });
  await retry.click();
  await expect(retry).toHaveAttribute('aria-busy', 'false');
  await expect(banner).toBeVisible();

  await reconnect();
  await retry.click();
  await expect(banner).toBeHidden();
  await expect(card(page, seed.css.title)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
  await expect(page.locator('#main')).toBeFocused();
  await sameDocument(page);
});

test('the browser going offline: the banner with a server; in mock mode the in-page API still answers', async ({
  page,
  context,
}, testInfo) => {
  await stubExternalImages(page);
  await page.goto('/');
  await expect(card(page, seed.css.title)).toBeVisible();
  // Set up before going offline: resolves once the page has seen the offline event (its own
  // listeners included).
  await page.evaluate(() => {
    const seen = new Promise<void>((resolve) =>
      window.addEventListener('offline', () => setTimeout(resolve, 0), { once: true }),
    );
    Object.assign(window, { e2eOfflineSeen: seen });
  });
  await context.setOffline(true);
  await page.evaluate(
    () => (window as unknown as { e2eOfflineSeen: Promise<void> }).e2eOfflineSeen,
  );
  const banner = page.getByRole('status').filter({ hasText: OFFLINE });
  if (testInfo.project.name === 'server') {
    await expect(banner).toBeVisible();
  } else {
    await expect(banner).toBeHidden();
    await page
      .getByRole('group', { name: 'Categories' })
      .getByRole('button', { name: 'CSS' })
      .click();
    await expect(card(page, seed.css.title)).toBeVisible();
    await expect(card(page, seed.html5.title)).toBeHidden();
    await expect(banner).toBeHidden();
  }
  await context.setOffline(false);
});

test("the signed-in user's lists load again by themselves when the connection is back", async ({
  page,
  context,
}, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await likeVideo(page);

  const reconnect = await cutBackend(page, testInfo.project.name);
  await page.goto('/liked-videos');
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Network request failed');
  await markDocument(page);

  await reconnect();
  // The browser's own online event (the network came back) is enough: no click, no reload.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect(card(page, seed.css.title)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE })).toBeHidden();
  await sameDocument(page);
});

test('failed actions leave the lists and the home grid on screen', async ({ page }, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await likeVideo(page);

  await failCalls(page, testInfo.project.name, [
    { method: 'ANY', path: '/api/user/likes/{videoId}' },
    { method: 'POST', path: '/api/user/history' },
    { method: 'POST', path: '/api/user/progress/{videoId}' },
  ]);
  // A failed unlike (with its toast); later a video opened from a card: a quiet history failure.
  await page.keyboard.press('Shift+L');
  await expect(page.getByText('Some error occured. Try Again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Liked Videos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Liked Videos' })).toBeVisible();
  await expect(card(page, seed.css.title)).toBeVisible();
  await card(page, seed.css.title).getByRole('link', { name: seed.css.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();

  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(card(page, seed.html5.title)).toBeVisible();
  await nav.getByRole('link', { name: 'Liked Videos' }).click();
  await expect(card(page, seed.css.title)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
});

test.describe('category chips after a failure', () => {
  const chips = (page: Page) => page.getByRole('group', { name: 'Categories' }).getByRole('button');
  const UNAVAILABLE = 'Categories are unavailable right now.';

  test('come back with the grid when the connection does', async ({ page }, testInfo) => {
    await page.goto('/trending');
    const reconnect = await cutBackend(page, testInfo.project.name);
    await page.goto('/');
    await expect(page.getByText(UNAVAILABLE)).toBeVisible();
    await reconnect();
    await page
      .getByRole('status')
      .filter({ hasText: OFFLINE })
      .getByRole('button', { name: 'Retry' })
      .click();
    await expect(card(page, seed.css.title)).toBeVisible();
    await expect(chips(page)).toHaveText([...catalogue.chips]);
    await expect(page.getByText(UNAVAILABLE)).toBeHidden();
  });

  test("come back with the grid's Try again after an HTTP error", async ({ page }, testInfo) => {
    const recover = await failCalls(
      page,
      testInfo.project.name,
      [
        { method: 'GET', path: '/api/videos' },
        { method: 'GET', path: '/api/videos/category-names' },
      ],
      { status: 503 },
    );
    await page.goto('/');
    await expect(page.getByText(UNAVAILABLE)).toBeVisible();
    await recover();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(card(page, seed.css.title)).toBeVisible();
    await expect(chips(page)).toHaveText([...catalogue.chips]);
  });

  test('offer their own Try again when only they failed', async ({ page }, testInfo) => {
    const recover = await failCalls(
      page,
      testInfo.project.name,
      [{ method: 'GET', path: '/api/videos/category-names' }],
      { status: 503 },
    );
    await page.goto('/');
    await expect(card(page, seed.css.title)).toBeVisible();
    await expect(page.getByText(UNAVAILABLE)).toBeVisible();
    await recover();
    await page.getByRole('button', { name: 'Try again to load the categories' }).click();
    await expect(chips(page)).toHaveText([...catalogue.chips]);
  });
});

test("the watch page's failed load offers Try again, which brings the video", async ({
  page,
}, testInfo) => {
  const recover = await failCalls(page, testInfo.project.name, [
    { method: 'GET', path: '/api/video/{videoId}' },
  ]);
  await page.goto(`/watch/${seed.css.id}`);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Internal Server Error');
  await markDocument(page);

  await recover();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
  await sameDocument(page);
});
