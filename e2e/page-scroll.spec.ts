import { type Page } from '@playwright/test';
import { catalogue, expect, PAGE_ONLY, stubExternalImages, test } from './support';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Scrolls the window to `top` and waits until it is there (the list may still be growing). */
async function scrollTo(page: Page, top: number) {
  await expect
    .poll(async () => {
      await page.evaluate((y) => window.scrollTo(0, y), top);
      return scrollY(page);
    })
    .toBe(top);
}

test.describe('where a page opens', () => {
  test.beforeEach(async ({ page }) => {
    await stubExternalImages(page);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test(
    'a card opened from deep in trending opens the watch page at its top',
    PAGE_ONLY,
    async ({ page }) => {
      await page.goto('/trending');
      const items = page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem');
      await expect(items).toHaveCount(catalogue.page);
      await scrollTo(page, 2500);
      // A card in view, as the reader would click it.
      const inView = await items.evaluateAll((cards) =>
        cards.findIndex((card) => card.getBoundingClientRect().top > 100),
      );
      const title = (await items.nth(inView).getByRole('heading').textContent()) ?? '';
      await items.nth(inView).getByRole('heading').click();

      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      expect(await scrollY(page)).toBe(0);
    },
  );

  test(
    'a side-nav link from a scrolled page opens its screen at the top',
    PAGE_ONLY,
    async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(
        catalogue.page,
      );
      await scrollTo(page, 1500);
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Trending' })
        .click();

      const items = page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem');
      await expect(items).toHaveCount(catalogue.page);
      expect(await scrollY(page)).toBe(0);
    },
  );

  test(
    'typing in the search box on home keeps the reader where they were',
    PAGE_ONLY,
    async ({ page }) => {
      await page.goto('/');
      const grid = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
      await expect(grid).toHaveCount(catalogue.page);
      await scrollTo(page, 600);
      // Each key replaces home's address; the grid stays a full page ('e' is in most titles).
      await page.getByRole('searchbox', { name: 'Search videos' }).pressSequentially('e');
      await expect(page).toHaveURL(/\/\?search=e$/);
      await expect(grid).toHaveCount(catalogue.page);
      expect(await scrollY(page)).toBe(600);
    },
  );
});
