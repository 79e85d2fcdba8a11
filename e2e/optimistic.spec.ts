import { expect, failCalls, openWatchPage, seed, signedInUser, test } from './support';

const GENERIC_ERROR = 'Some error occured. Try Again.';
// Long enough that the states while a call is on its way outlast a slow, loaded machine.
const SLOW_MS = 6000;

// Like and Watch later change at once and roll back when the call fails.
test('Like and Watch later change at once, and roll back when the call fails', async ({
  page,
}, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  // Adds to likes and watch later fail with a 500, after SLOW_MS.
  await failCalls(
    page,
    testInfo.project.name,
    [
      { method: 'POST', path: '/api/user/likes' },
      { method: 'POST', path: '/api/user/watchlater' },
    ],
    { delayMs: SLOW_MS },
  );

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
  // product §8: a failed watch-later add raises no toast of its own; the button still rolls back.
  await expect(page.getByRole('button', { name: 'Save to Watch later' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.goto('/watch-later');
  await expect(page.getByText('No videos added yet.')).toBeVisible();
});
