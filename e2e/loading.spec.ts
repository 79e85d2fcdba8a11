import { drawInBrowser, expect, test } from './support';

/** The mock answers this late (the server's answer is held until the test lets it go). */
const MOCK_DELAY_MS = 6000;

// Grey cards while loading, and no light/dark flash at start.
test('a slow list shows grey cards in the grid’s shape, then the videos', async ({
  page,
}, testInfo) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.goto('/');
  if (testInfo.project.name === 'mock') {
    await page.evaluate(
      (delay) => localStorage.setItem('codetube:mock-delay', delay),
      String(MOCK_DELAY_MS),
    );
  } else {
    await drawInBrowser(page, testInfo.project.name);
    await page.route('**/api/videos/trending*', async (route) => {
      await released;
      await route.continue();
    });
  }
  await page.goto('/trending');
  const loading = page.getByRole('status').filter({ hasText: 'Loading…' }).first();
  await expect(loading).toBeVisible();
  // Cards, not a line of text: the placeholder is as tall as a row of thumbnails.
  await expect
    .poll(async () => (await loading.boundingBox())?.height ?? 0, { timeout: MOCK_DELAY_MS / 2 })
    .toBeGreaterThan(150);
  release();
  await expect(
    page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem').first(),
  ).toBeVisible({ timeout: MOCK_DELAY_MS * 2 });
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toHaveCount(0);
});

test('a saved dark theme is on the page before its body is drawn', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('codetube:theme', 'dark'));
  await page.addInitScript(() => {
    // Runs when the parser inserts <body>: before the app's modules and before the first paint.
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      observer.disconnect();
      document.body.dataset.themeAtBody = document.documentElement.dataset.theme ?? 'none';
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.locator('body')).toHaveAttribute('data-theme-at-body', 'dark');
});
