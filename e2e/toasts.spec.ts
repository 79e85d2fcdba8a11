import { expect, test, type Page } from '@playwright/test';
import { openWatchPage, seed, signedInUser } from './support';

const GENERIC_ERROR = 'Some error occured. Try Again.';

/** Makes every like fail with a 500: in the page's mock backend, or on the way to the server. */
async function failLikes(page: Page, project: string): Promise<void> {
  if (project === 'mock') {
    const scenarios = {
      offline: false,
      forcedErrors: [{ method: 'POST', path: '/api/user/likes', status: 500 }],
    };
    await page.evaluate(
      (value) => localStorage.setItem('codetube:mock-scenarios', value),
      JSON.stringify(scenarios),
    );
    return;
  }
  await page.route('**/api/user/likes', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { errors: ['Internal Server Error'] } })
      : route.continue(),
  );
}

// Issue 14, point 8: SPEC's top-right toasts, but below the top bar, themed, three at most.
test.use({ viewport: { width: 375, height: 740 }, colorScheme: 'dark' });

test('toasts sit below the top bar, in dark colours, at most three at once', async ({
  page,
}, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await failLikes(page, testInfo.project.name);

  const like = page.getByRole('button', { name: 'Like', exact: true });
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await like.click();
    await expect(page.getByText(GENERIC_ERROR).nth(Math.min(attempt, 2))).toBeVisible();
  }
  // Five failures, three toasts: the two oldest were dismissed and are gone a second later.
  const errors = page.getByRole('status').filter({ hasText: GENERIC_ERROR });
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
