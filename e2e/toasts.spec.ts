import { expect, test, type Page } from '@playwright/test';
import { openWatchPage, seed, signedInUser } from './support';

const GENERIC_ERROR = 'Some error occured. Try Again.';

const ANSWER_MS = 1000;

/**
 * Makes every like fail with a 500 after ANSWER_MS (in the page's mock backend, or on the way to
 * the server), so each press has a moment when its call is on the way.
 */
async function failLikes(page: Page, project: string): Promise<void> {
  if (project === 'mock') {
    const scenarios = {
      offline: false,
      forcedErrors: [{ method: 'POST', path: '/api/user/likes', status: 500 }],
    };
    await page.evaluate(
      ({ value, delay }) => {
        localStorage.setItem('codetube:mock-scenarios', value);
        localStorage.setItem('codetube:mock-delay', delay);
      },
      { value: JSON.stringify(scenarios), delay: String(ANSWER_MS) },
    );
    return;
  }
  await page.route('**/api/user/likes', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, ANSWER_MS));
    return route.fulfill({ status: 500, json: { errors: ['Internal Server Error'] } });
  });
}

// Issue 14, point 8: SPEC's top-right toasts, but below the top bar, themed, three at most.
test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'dark' });

test('toasts sit below the top bar, in dark colours, at most three at once', async ({
  page,
}, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await failLikes(page, testInfo.project.name);

  const like = page.getByRole('button', { name: /^Liked?$/ });
  const pressLike = async () => {
    await page.keyboard.press('l');
    await expect(like).toHaveAttribute('aria-busy', 'true');
    await expect(like).toHaveAttribute('aria-busy', 'false');
  };
  await pressLike();
  const errors = page.getByRole('status').filter({ hasText: GENERIC_ERROR });
  // The pointer rests on the toasts, which pauses their timers (react-hot-toast), so a slow
  // machine cannot let them expire before they are counted.
  await errors.first().hover();
  for (let press = 1; press < 5; press += 1) await pressLike();
  // Five failures, three toasts: the two oldest were dismissed and are gone a second later.
  await expect(errors).toHaveCount(3);

  const bar = await page.getByRole('banner').boundingBox();
  const newest = errors.first();
  const box = await newest.boundingBox();
  expect(bar && box && box.y >= bar.y + bar.height).toBe(true);
  // The toast's surface is the dark theme's (--color-surface: #1e293b), not react-hot-toast's white.
  const background = await newest.evaluate(
    (element) => getComputedStyle(element.parentElement ?? element).backgroundColor,
  );
  expect(background).toBe('rgb(30, 41, 59)');
});
