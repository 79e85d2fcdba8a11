import { type Page } from '@playwright/test';
import { expect, PAGE_ONLY, seed, signedInUser, test } from './support';

/** Presses Tab until the focused element matches, or fails after `limit` presses. */
async function tabTo(page: Page, matches: (element: Element) => boolean, limit = 60) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate((source) => {
      const test = new Function('element', `return (${source})(element)`) as (
        e: Element,
      ) => boolean;
      return document.activeElement ? test(document.activeElement) : false;
    }, matches.toString());
    if (found) return;
  }
  throw new Error('focus never got there');
}

test(
  'the whole watch flow works from the keyboard alone, with visible focus',
  PAGE_ONLY,
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signedInUser(page);
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();

    // Search with '/', then open the only match from its card.
    await page.keyboard.press('/');
    await page.keyboard.type('CSS in 20');
    await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(1);
    await tabTo(page, (element) => element.getAttribute('href') === '/watch/1PnVor36_40');
    const outline = await page.evaluate(
      () => getComputedStyle(document.activeElement!).outlineStyle,
    );
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();

    // Like with Tab + Enter.
    await tabTo(page, (element) => element.textContent?.trim() === 'Like');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Liked' })).toBeVisible();

    // The save modal keeps focus inside while open and gives it back when it closes.
    await tabTo(page, (element) => element.textContent?.trim() === 'Save to playlist');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Save to playlist' });
    await expect(dialog).toBeVisible();
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(
        () => document.querySelector('dialog[open]')?.contains(document.activeElement) ?? false,
      );
      // The browser's own UI may take focus for one step between the last and first control.
      if (!inside)
        expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Save to playlist' })).toBeFocused();

    // A note, typed and saved from the keyboard.
    await page.keyboard.press('n');
    await page.keyboard.type('Margins collapse vertically');
    await tabTo(page, (element) => element.textContent?.trim() === 'Save note', 3);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();
    await expect(page.getByText('Margins collapse vertically')).toBeVisible();
  },
);
