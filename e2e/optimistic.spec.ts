import { expect, test, type Page } from '@playwright/test';
import { openWatchPage, seed, signedInUser } from './support';

const GENERIC_ERROR = 'Some error occured. Try Again.';
const SLOW_MS = 2500;

/** Adds to likes and watch later fail with a 500, after SLOW_MS (mock backend or server). */
async function slowFailingAdds(page: Page, project: string): Promise<void> {
  if (project === 'mock') {
    const scenarios = {
      offline: false,
      forcedErrors: [
        { method: 'POST', path: '/api/user/likes', status: 500 },
        { method: 'POST', path: '/api/user/watchlater', status: 500 },
      ],
    };
    await page.evaluate(
      ({ value, delay }) => {
        localStorage.setItem('codetube:mock-scenarios', value);
        localStorage.setItem('codetube:mock-delay', delay);
      },
      { value: JSON.stringify(scenarios), delay: String(SLOW_MS) },
    );
    return;
  }
  await page.route(/\/api\/user\/(likes|watchlater)$/, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    return route.fulfill({ status: 500, json: { errors: ['Internal Server Error'] } });
  });
}

// Issue 14, point 7: Like and Watch later change at once and roll back when the call fails.
test('Like and Watch later change at once, and roll back when the call fails', async ({
  page,
}, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await slowFailingAdds(page, testInfo.project.name);

  await page.getByRole('button', { name: 'Like', exact: true }).click();
  // Pressed while the call is still on its way...
  await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute(
    'aria-pressed',
    'true',
    { timeout: SLOW_MS / 2 },
  );
  // ...and back, with the error toast, when it fails.
  await expect(page.getByText(GENERIC_ERROR)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Both at once: each shows its own change while both calls are on their way.
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  await page.getByRole('button', { name: 'Save to Watch later' }).click();
  await expect(page.getByRole('button', { name: 'Remove from Watch later' })).toBeVisible({
    timeout: SLOW_MS / 2,
  });
  await expect(page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  // SPEC: a failed watch-later add raises no toast of its own; the button still rolls back.
  await expect(page.getByRole('button', { name: 'Save to Watch later' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.goto('/watch-later');
  await expect(page.getByText('No videos added yet.')).toBeVisible();
});
