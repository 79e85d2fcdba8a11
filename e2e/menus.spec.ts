import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import { card, expect, PAGE_ONLY, seed, signedInUser, stubExternalImages, test } from './support';

// The card menu (decision 0011) stays on screen, trending cards have it, phones get a sheet.

const moreActions = (scope: Page | Locator) => scope.getByRole('button', { name: 'More actions' });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no bounding box');
  return found;
}

/** The whole element lies inside the window. */
async function expectInsideViewport(page: Page, locator: Locator) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const { x, y, width, height } = await box(locator);
  expect(x).toBeGreaterThanOrEqual(0);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(x + width).toBeLessThanOrEqual(viewport.width);
  expect(y + height).toBeLessThanOrEqual(viewport.height);
}

test.describe('desktop dropdown', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test(
    'a card at the right edge opens its menu leftwards, inside the window',
    PAGE_ONLY,
    async ({ page }) => {
      await stubExternalImages(page);
      await page.goto('/');
      // The right-most card of the first row.
      const trigger = moreActions(card(page, seed.css.title));
      const button = await box(trigger);
      expect(button.x + button.width).toBeGreaterThan(1200);

      await trigger.click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expectInsideViewport(page, menu);
      const placed = await box(menu);
      // Under the button, its right edge on the button's.
      expect(placed.y).toBeGreaterThanOrEqual(button.y + button.height);
      expect(Math.abs(placed.x + placed.width - (button.x + button.width))).toBeLessThanOrEqual(1);

      // A press anywhere else closes it.
      await page
        .getByRole('heading', { name: seed.html5.title })
        .click({ position: { x: 5, y: 5 } });
      await expect(menu).toHaveCount(0);
    },
  );

  test(
    'a card at the bottom of the window opens its menu upwards, and it follows a scroll',
    PAGE_ONLY,
    async ({ page }) => {
      await stubExternalImages(page);
      await page.goto('/');
      // The third row's right-most card, scrolled to the window's bottom edge.
      const trigger = moreActions(page).nth(8);
      await expect(trigger).toBeVisible();
      await trigger.evaluate((element) => {
        window.scrollBy(0, element.getBoundingClientRect().bottom - (window.innerHeight - 12));
      });
      const button = await box(trigger);
      expect(button.y + button.height).toBeGreaterThan(700);

      await trigger.click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await expectInsideViewport(page, menu);
      const placed = await box(menu);
      expect(placed.y + placed.height).toBeLessThanOrEqual(button.y);
      expect(placed.x + placed.width).toBeLessThanOrEqual(button.x + button.width + 1);

      // Scrolled while open, it stays beside its button and inside the window.
      await page.evaluate(() => window.scrollBy(0, 300));
      await expect
        .poll(async () => {
          const [now, list] = [await box(trigger), await box(menu)];
          return Math.min(
            Math.abs(list.y - (now.y + now.height)),
            Math.abs(now.y - (list.y + list.height)),
          );
        })
        .toBeLessThanOrEqual(8);
      await expectInsideViewport(page, menu);
    },
  );
});

test(
  'trending cards have the card menu: a visitor goes to /login, a user saves to Watch later',
  PAGE_ONLY,
  async ({ page }) => {
    await stubExternalImages(page);
    await page.goto('/trending');
    const trending = card(page, seed.css.title);
    await moreActions(trending).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Save to Watch later',
      'Save to playlist',
    ]);
    await page.getByRole('menuitem', { name: 'Save to Watch later' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signedInUser(page);
    await page.goto('/trending');
    await moreActions(trending).click();
    await page.getByRole('menuitem', { name: 'Save to Watch later' }).click();
    await expect(page.getByText('Video added to watch later', { exact: true })).toBeVisible();
    await expect(moreActions(trending)).toBeFocused();
    await moreActions(trending).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Remove from Watch later',
      'Save to playlist',
    ]);
    await page.keyboard.press('Escape');

    await page.goto('/watch-later');
    await expect(card(page, seed.css.title)).toBeVisible();
  },
);

test(
  "each card's menu button names its video, so a screen reader tells them apart",
  PAGE_ONLY,
  async ({ page }) => {
    await stubExternalImages(page);
    for (const [path, list] of [
      ['/', 'Videos'],
      ['/trending', 'Trending videos'],
    ] as const) {
      await page.goto(path);
      const cards = page.getByRole('list', { name: list }).getByRole('listitem');
      await expect(cards).toHaveCount(24);
      const names = await cards.evaluateAll((items) =>
        items.map((item) => item.querySelector('button[aria-haspopup="menu"]')?.ariaLabel ?? ''),
      );
      expect(new Set(names).size, path).toBe(names.length);
      await expect(
        card(page, seed.css.title).getByRole('button', {
          name: `More actions for ${seed.css.title}`,
          exact: true,
        }),
      ).toBeVisible();
    }
  },
);

test.describe('phones', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test(
    'the menu is a bottom sheet: full width, tall rows, Escape and the backdrop close it',
    PAGE_ONLY,
    async ({ page }) => {
      await stubExternalImages(page);
      await page.goto('/');
      const trigger = moreActions(card(page, seed.html5.title));
      await trigger.click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      // The sheet (the menu's panel) touches the bottom edge once it has slid in, and spans the width.
      await expect
        .poll(async () => {
          const panel = await box(menu.locator('..'));
          return Math.round(panel.y + panel.height);
        })
        .toBe(740);
      const sheet = await box(menu.locator('..'));
      expect(Math.round(sheet.x)).toBe(0);
      expect(Math.round(sheet.width)).toBe(375);
      for (const item of await menu.getByRole('menuitem').all()) {
        expect((await box(item)).height).toBeGreaterThanOrEqual(44);
      }
      await expect(menu.locator('..')).toContainText(seed.html5.title);

      await page.keyboard.press('ArrowDown');
      await expect(menu.getByRole('menuitem', { name: 'Save to playlist' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(trigger).toBeFocused();

      // A tap on the backdrop (over a card's link) closes it and opens nothing.
      await trigger.press('Enter');
      await expect(menu.getByRole('menuitem').first()).toBeFocused();
      await page.mouse.click(187, 200);
      await expect(menu).toHaveCount(0);
      await expect(trigger).toBeFocused();
      await expect(page).toHaveURL(/\/$/);

      // Its items work as the dropdown's do.
      await trigger.click();
      await menu.getByRole('menuitem', { name: 'Save to playlist' }).click();
      await expect(page).toHaveURL(/\/login$/);
    },
  );

  test(
    'the sheet slides in, unless the user asked for reduced motion',
    PAGE_ONLY,
    async ({ page }) => {
      await page.goto('/');
      const trigger = moreActions(card(page, seed.html5.title));
      const animation = () =>
        page
          .getByRole('menu')
          .locator('..')
          .evaluate((sheet) => getComputedStyle(sheet).animationName);

      await trigger.click();
      expect(await animation()).not.toBe('none');
      await page.keyboard.press('Escape');

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await trigger.click();
      expect(await animation()).toBe('none');
    },
  );
});

// As in accessibility.spec.ts: axe reads the DOM, which both builds draw alike.
test(
  'the open sheet and the open trending menu have no serious axe violations',
  PAGE_ONLY,
  async ({ page }) => {
    const violations = async () =>
      (
        await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .analyze()
      ).violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id);
    await stubExternalImages(page);

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await moreActions(card(page, seed.html5.title)).click();
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    expect(await violations()).toEqual([]);

    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/trending');
    await moreActions(card(page, seed.css.title)).click();
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    expect(await violations()).toEqual([]);
  },
);
