import { expect, test, type Locator, type Page } from '@playwright/test';
import { failCalls, openWatchPage, seed, signedInUser } from './support';

const GENERIC_ERROR = 'Some error occured. Try Again.';

// Product §9's top-right toasts, but below the top bar, themed, three at
// most, and one toast per kind of failure.
test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'dark' });

/**
 * Rests the pointer on a toast, which pauses every toast's timer (react-hot-toast), so a slow
 * machine cannot let them expire before they are counted. The pointer moves at once, without
 * waiting for the toast's entrance to settle as `hover()` would.
 */
async function pauseToasts(page: Page, toast: Locator): Promise<void> {
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast has no box');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

test('toasts sit below the top bar, in dark colours, at most three at once', async ({ page }) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  const like = page.getByRole('button', { name: /^Liked?$/ });
  const later = page.getByRole('button', { name: /^(Save to|Remove from) Watch later$/ });
  const press = async (key: 'l' | 'w', button: typeof like) => {
    await page.keyboard.press(key);
    await expect(button).toHaveAttribute('aria-busy', 'false');
  };
  const toasts = page.getByRole('status').filter({ hasText: /liked list|watch later/ });

  await press('l', like);
  await pauseToasts(page, toasts.first());
  await press('w', later);
  await press('l', like);
  await press('w', later);
  // Four successes, three toasts: the oldest was dismissed and is gone a second later.
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
});

test('failures of one kind share one toast', async ({ page }, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await failCalls(page, testInfo.project.name, [{ method: 'POST', path: '/api/user/likes' }]);
  const like = page.getByRole('button', { name: /^Liked?$/ });
  const errors = page.getByRole('status').filter({ hasText: GENERIC_ERROR });
  for (let press = 0; press < 3; press += 1) {
    await page.keyboard.press('l');
    await expect(like).toHaveAttribute('aria-busy', 'false');
    await expect(errors).toHaveCount(1);
    // Paused: a second toast could not hide behind an expired one.
    if (press === 0) await pauseToasts(page, errors);
  }
});
