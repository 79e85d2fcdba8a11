import { type Locator, type Page } from '@playwright/test';
import {
  card,
  expect,
  failCalls,
  openWatchPage,
  PAGE_ONLY,
  seed,
  seedVideos,
  signedInUser,
  stopClock,
  stubExternalImages,
  test,
  writeAsUser,
} from './support';

const GENERIC_ERROR = 'Some error occured. Try Again.';

// Product §9's top-right toasts, but below the top bar, themed, three at
// most, and one toast per kind of failure.
test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'dark' });

// Time in the page is the test's (stopClock): toasts stay until the test moves time on, so a slow
// machine cannot let one expire before it is counted or measured.
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

test(
  'toasts sit below the top bar, in dark colours, at most three at once',
  PAGE_ONLY,
  async ({ page }) => {
    await signedInUser(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    const like = page.getByRole('button', { name: /^Liked?$/ });
    const later = page.getByRole('button', { name: /^(Save to|Remove from) Watch later$/ });
    const press = async (key: 'Shift+L' | 'w', button: typeof like) => {
      await page.keyboard.press(key);
      await expect(button).toHaveAttribute('aria-busy', 'false');
    };
    const toasts = page.getByRole('status').filter({ hasText: /liked list|watch later/ });

    await stopClock(page);
    await press('Shift+L', like);
    await press('w', later);
    await press('Shift+L', like);
    await press('w', later);
    // Four successes, three toasts: the oldest was dismissed and is gone a second later.
    await page.clock.runFor(1_000);
    await expect(toasts).toHaveCount(3);
    await expect(toasts.first()).toContainText('Video deleted from watch later.');

    // Measured once the newest toast has slid in (it enters from above the bar).
    const bar = await page.getByRole('banner').boundingBox();
    await expect
      .poll(async () => {
        const box = await toasts.first().boundingBox();
        return Boolean(bar && box && box.y >= bar.y + bar.height);
      })
      .toBe(true);
    // The toast's surface is the dark theme's (--color-surface: #1e293b), not react-hot-toast's white.
    const background = await toasts
      .first()
      .evaluate((element) => getComputedStyle(element.parentElement ?? element).backgroundColor);
    expect(background).toBe('rgb(30, 41, 59)');
  },
);

test('failures of one kind share one toast', PAGE_ONLY, async ({ page }, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await failCalls(page, testInfo.project.name, [{ method: 'POST', path: '/api/user/likes' }]);
  const like = page.getByRole('button', { name: /^Liked?$/ });
  const errors = page.getByRole('status').filter({ hasText: GENERIC_ERROR });
  // Time stopped: a second toast could not hide behind an expired one.
  await stopClock(page);
  for (let press = 0; press < 3; press += 1) {
    await page.keyboard.press('Shift+L');
    await expect(like).toHaveAttribute('aria-busy', 'false');
    await expect(errors).toHaveCount(1);
  }
});

test.describe('toasts beside the screen title actions', () => {
  const widths = [320, 768, 1024, 1440];

  /**
   * The toast once it has slid into place, and the screen's action: the toast is clear of it and a
   * click on the action lands on the action.
   */
  async function expectClearOf(page: Page, toast: Locator, action: Locator) {
    // The newest toast (the first in the page); older ones leave upwards, no longer clickable.
    const bar = toast.locator('xpath=..');
    await bar.evaluate(async (element) => {
      const moving = () =>
        (element.parentElement ?? element)
          .getAnimations({ subtree: true })
          .filter(
            (animation) =>
              animation.playState === 'running' &&
              animation.effect?.getTiming().iterations !== Infinity,
          );
      // A toast that turns from loading to success starts new animations as old ones end.
      while (moving().length > 0) {
        await Promise.allSettled(moving().map((animation) => animation.finished));
      }
    });
    // Where the title row is in view (the menu's sheet may have scrolled the page a little).
    await page.evaluate(() => window.scrollTo(0, 0));
    const toastBox = await bar.boundingBox();
    const actionBox = await action.boundingBox();
    if (!toastBox || !actionBox) throw new Error('no box');
    const overlaps =
      toastBox.x < actionBox.x + actionBox.width &&
      actionBox.x < toastBox.x + toastBox.width &&
      toastBox.y < actionBox.y + actionBox.height &&
      actionBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `at ${page.viewportSize()?.width} px`).toBe(false);
    const hit = await action.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const at = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return element.contains(at);
    });
    expect(hit).toBe(true);
  }

  test(
    "the toast of a deleted playlist leaves 'Create Playlist' free",
    PAGE_ONLY,
    async ({ page }) => {
      await signedInUser(page);
      for (const width of widths) {
        const created = await writeAsUser(page, 'POST', '/api/user/playlists', {
          playlist: { title: `At ${width} px` },
        });
        expect(created.status).toBe(201);
      }
      await page.goto('/playlist');
      const playlists = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem');
      await expect(playlists).toHaveCount(widths.length);
      await stopClock(page);
      const deleted = page
        .getByRole('status')
        .filter({ hasText: 'Playlist deleted successfully.' });
      for (const [index, width] of widths.entries()) {
        await page.setViewportSize({ width, height: 800 });
        await page.getByRole('button', { name: `Delete playlist At ${width} px` }).click();
        // This deletion's toast (the newest, first), once it has come: the ones before it stay
        // in the page while the clock is held, and would be measured while this one slides in.
        await expect(deleted).toHaveCount(index + 1);
        const toast = deleted.first();
        await expect(toast).toBeVisible();
        await expectClearOf(page, toast, page.getByRole('button', { name: 'Create Playlist' }));
      }
    },
  );

  test(
    "the toast of 'Remove from History' leaves 'Clear History' free",
    PAGE_ONLY,
    async ({ page }) => {
      await stubExternalImages(page);
      await signedInUser(page);
      for (const video of seedVideos) {
        expect((await writeAsUser(page, 'POST', '/api/user/history', { video })).status).toBe(201);
      }
      await page.goto('/history');
      await expect(card(page, seedVideos[0]!.title)).toBeVisible();
      for (const [index, width] of widths.entries()) {
        // The menu opens with the clock running (React reveals a lazy screen part on a timer); the
        // clock stops once it is open, before the toast.
        await page.clock.resume();
        await page.setViewportSize({ width, height: 800 });
        const video = seedVideos[index]!;
        await card(page, video.title).getByRole('button', { name: 'More actions' }).click();
        const remove = page.getByRole('menuitem', { name: 'Remove from History' });
        await expect(remove).toBeVisible();
        await stopClock(page);
        await remove.click();
        await expect(card(page, video.title)).toHaveCount(0);
        const toast = page
          .getByRole('status')
          .filter({ hasText: 'Video deleted from history.' })
          .first();
        await expect(toast).toBeVisible();
        await expectClearOf(page, toast, page.getByRole('button', { name: 'Clear History' }));
      }
    },
  );
});
