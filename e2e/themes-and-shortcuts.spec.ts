import { expect, openWatchPage, PAGE_ONLY, seed, signedInUser, test } from './support';

const background = () => getComputedStyle(document.body).backgroundColor;

test.describe('themes', () => {
  test(
    'follow the system by default; the toggle is remembered across reloads',
    PAGE_ONLY,
    async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.goto('/');
      expect(await page.evaluate(background)).toBe('rgb(11, 17, 32)');
      await page.emulateMedia({ colorScheme: 'light' });
      expect(await page.evaluate(background)).toBe('rgb(255, 255, 255)');

      await page.getByRole('button', { name: 'Dark theme' }).click();
      expect(await page.evaluate(background)).toBe('rgb(11, 17, 32)');
      await page.reload();
      await expect(page.getByRole('button', { name: 'Light theme' })).toBeVisible();
      expect(await page.evaluate(background)).toBe('rgb(11, 17, 32)');

      await page.getByRole('button', { name: 'Light theme' }).click();
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await page.evaluate(background)).toBe('rgb(255, 255, 255)');
    },
  );
});

test.describe('keyboard shortcuts', () => {
  test("'?' shows the help dialog and '/' focuses search", PAGE_ONLY, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    await expect(help.getByText('Like or unlike the video')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search videos' });
    await expect(search).toBeFocused();
    await page.keyboard.type('CSS');
    await expect(search).toHaveValue('CSS');
  });

  test("'/' opens the search modal on a phone", PAGE_ONLY, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/trending');
    await expect(page.getByRole('list', { name: 'Trending videos' })).toBeVisible();
    await page.keyboard.press('/');
    await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox')).toBeFocused();
  });

  test(
    "on the watch page Shift+L likes, 'w' saves for later, 'n' starts a note",
    PAGE_ONLY,
    async ({ page }) => {
      await signedInUser(page);
      await openWatchPage(page, seed.css.id, seed.css.title);
      await page.keyboard.press('Shift+L');
      await expect(page.getByText('Video added to liked list', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Liked' })).toBeVisible();
      await page.keyboard.press('w');
      await expect(page.getByText('Video added to watch later', { exact: true })).toBeVisible();
      await page.keyboard.press('n');
      const note = page.getByLabel('Write a note');
      await expect(note).toBeFocused();
      // Typing in the note is typing, not shortcuts.
      await page.keyboard.type('lw');
      await expect(note).toHaveValue('lw');
      await expect(page.getByRole('button', { name: 'Liked' })).toBeVisible();
    },
  );

  test('a visitor pressing Shift+L goes to login', PAGE_ONLY, async ({ page }) => {
    await openWatchPage(page, seed.css.id, seed.css.title);
    await page.keyboard.press('Shift+L');
    await expect(page).toHaveURL(/\/login$/);
  });
});
