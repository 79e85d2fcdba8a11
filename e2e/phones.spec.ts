import { type Page } from '@playwright/test';
import {
  card,
  expect,
  likeVideo,
  openWatchPage,
  PAGE_ONLY,
  seed,
  signedInUser,
  stubExternalImages,
  test,
} from './support';

// Phones get bottom tabs and compact rows for the lists a user keeps.
test.use({ viewport: { width: 375, height: 740 } });

test(
  'phones: bottom tabs reach Home, Trending, Playlist and You; gone on desktop',
  PAGE_ONLY,
  async ({ page }) => {
    await page.goto('/');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs.getByRole('link')).toHaveText(['Home', 'Trending', 'Playlist', 'You']);
    await tabs.getByRole('link', { name: 'Trending' }).click();
    await expect(page).toHaveURL(/\/trending$/);
    await expect(tabs.getByRole('link', { name: 'Trending' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await tabs.getByRole('link', { name: 'You' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await tabs.getByRole('link', { name: 'Playlist' }).click();
    await expect(page).toHaveURL(/\/playlist$/);

    // Fixed to the bottom edge of the window.
    const box = await tabs.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(740);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(tabs).toBeHidden();
  },
);

test('phones: History, Liked and Watch later list compact rows', PAGE_ONLY, async ({ page }) => {
  await stubExternalImages(page);
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  // Answered before the page is left: a goto while the like is on its way would cancel it.
  await likeVideo(page);
  await page.goto('/liked-videos');
  const row = card(page, seed.css.title);
  await expect(row).toBeVisible();
  // Thumbnail beside the text: the title starts to the right of the picture, at its height.
  const picture = await row.locator('img').first().boundingBox();
  const title = await row.getByRole('heading').boundingBox();
  expect(picture && title && title.x > picture.x + picture.width).toBe(true);
  expect(picture && title && title.y < picture.y + picture.height).toBe(true);
  expect(picture && picture.width < 200).toBe(true);

  await page.setViewportSize({ width: 1280, height: 800 });
  const wide = await row.locator('img').first().boundingBox();
  const under = await row.getByRole('heading').boundingBox();
  expect(wide && under && under.y >= wide.y + wide.height).toBe(true);
});

test.describe('the chip row', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  const chips = (page: Page) => page.getByRole('group', { name: 'Categories' });

  /** The pressed chip lies wholly inside the chip row's visible part. */
  async function expectPressedChipShown(page: Page, name: string) {
    const chip = chips(page).getByRole('button', { name, exact: true });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(async () =>
        chip.evaluate((element) => {
          const row = element.parentElement!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          return box.left >= row.left && box.right <= row.right;
        }),
      )
      .toBe(true);
  }

  test(
    'a link, a reload or back to a category scrolls its chip into view',
    PAGE_ONLY,
    async ({ page }) => {
      await page.goto('/?category=Git');
      await expectPressedChipShown(page, 'Git');
      // The page itself stays where it was: only the row scrolls.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.reload();
      await expectPressedChipShown(page, 'Git');
      await chips(page).getByRole('button', { name: 'HTML', exact: true }).click();
      await expectPressedChipShown(page, 'HTML');
      await page.goBack();
      await expectPressedChipShown(page, 'Git');
    },
  );

  test(
    'with reduced motion the row jumps to the chip instead of gliding',
    PAGE_ONLY,
    async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/?category=HTML');
      await expectPressedChipShown(page, 'HTML');
      // Playwright scrolls Git into view to click it: the row is now scrolled to its far end.
      await chips(page).getByRole('button', { name: 'Git', exact: true }).click();
      await expectPressedChipShown(page, 'Git');
      await page.waitForTimeout(300);
      await chips(page).evaluate((row) => {
        const counted = window as unknown as { rowScrolls: number };
        counted.rowScrolls = 0;
        row.addEventListener('scroll', () => (counted.rowScrolls += 1));
      });
      // Back to HTML, far to the left: one jump (a smooth scroll fires a scroll event per frame).
      await page.goBack();
      await expectPressedChipShown(page, 'HTML');
      await page.waitForTimeout(300);
      expect(
        await page.evaluate(() => (window as unknown as { rowScrolls: number }).rowScrolls),
      ).toBe(1);
    },
  );
});
