import { type Page } from '@playwright/test';
import {
  card,
  createUser,
  expect,
  openWatchPage,
  seed,
  signedInUser,
  stopClock,
  stubExternalImages,
  test,
} from './support';

/**
 * Site data blocked ("Block all site data" in Chrome's settings, or a policy): reading
 * `window.localStorage` throws a SecurityError, before any of the page's own scripts run.
 */
async function blockStorage(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException(
          "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
          'SecurityError',
        );
      },
    });
  });
}

/** Fills this origin's localStorage to its quota, so the next write of any size throws. */
async function fillStorage(page: Page) {
  await page.evaluate(() => {
    let index = 0;
    for (const size of [1 << 20, 1 << 16, 1 << 10, 64, 1]) {
      const chunk = 'x'.repeat(size);
      try {
        for (;;) localStorage.setItem(`filler-${(index += 1)}`, chunk);
      } catch {
        // Full at this size: try smaller.
      }
    }
  });
}

test.describe('with site data blocked', () => {
  test('the app renders and test credentials log in for the tab', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await blockStorage(page);
    await stubExternalImages(page);
    // The welcome toast waits for the test, however long the login takes.
    await page.clock.install();
    await page.goto('/');
    await expect(card(page, seed.html5.title)).toBeVisible();

    await page.getByRole('link', { name: 'Login' }).click();
    await stopClock(page);
    await page.getByRole('button', { name: 'Login with test credentials' }).click();
    await expect(page.getByText('Hello, Test. Welcome back!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the session's calls carry its token; a reload forgets it", async ({ page }) => {
    await blockStorage(page);
    await stubExternalImages(page);
    const user = await createUser(page);
    // Without storage the mock's data lives in the page too: no reload before the login.
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(`Hello, ${user.firstName}. Welcome back!`)).toBeVisible();
    // In-app navigation: the session lives in this page only.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await card(page, seed.css.title).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
    await page.getByRole('button', { name: 'Like' }).click();
    await expect(page.getByText('Video added to liked list', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Liked Videos' }).click();
    await expect(card(page, seed.css.title)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.getByText("You're logged out.")).toBeVisible();
  });
});

test.describe('with localStorage full', () => {
  test('test credentials still log in, for the tab', async ({ page }) => {
    await stubExternalImages(page);
    // The welcome toast waits for the test: a full storage makes the page slow to log in.
    await page.clock.install();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login with test credentials' })).toBeEnabled();
    await fillStorage(page);
    await stopClock(page);
    await page.getByRole('button', { name: 'Login with test credentials' }).click();
    await expect(page.getByText('Hello, Test. Welcome back!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByText(/exceeded the quota/)).toBeHidden();
  });

  test('mock mode: a write that cannot be saved fails, and nothing is kept', async ({ page }) => {
    test.skip(test.info().project.name !== 'mock', 'the in-page backend saves to localStorage');
    await stubExternalImages(page);
    await signedInUser(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    await fillStorage(page);

    await page.getByRole('button', { name: 'Like' }).click();
    await expect(page.getByText('Some error occured. Try Again.', { exact: true })).toBeVisible();
    await expect(page.getByText('Video added to liked list', { exact: true })).toBeHidden();
    // The page and the in-page backend agree: the like is not there, now or after a reload.
    await page.getByRole('link', { name: 'Liked Videos' }).click();
    await expect(page.getByText('No videos added yet.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('No videos added yet.')).toBeVisible();
  });
});
