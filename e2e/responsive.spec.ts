import { expect, test } from '@playwright/test';
import { seed, signedInUser, stubExternalImages } from './support';

const widths = [320, 375, 768, 1024, 1280, 1920];
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

test('no route scrolls sideways from 320 px to 1920 px', async ({ page }) => {
  test.setTimeout(120_000);
  await stubExternalImages(page);
  await signedInUser(page);
  await page.goto(`/watch/${seed.jsCourse.id}`);
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByRole('button', { name: 'Liked' })).toBeVisible();
  await page.getByRole('button', { name: 'Save to Watch later' }).click();
  await expect(page.getByRole('button', { name: 'Remove from Watch later' })).toBeVisible();

  const overflowing: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of routes) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      if (scrollWidth > clientWidth)
        overflowing.push(`${path} at ${width}px: ${scrollWidth}px wide`);
    }
  }
  expect(overflowing).toEqual([]);
});
