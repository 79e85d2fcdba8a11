import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import {
  expect,
  likeVideo,
  openWatchPage,
  PAGE_ONLY,
  seed,
  signedInUser,
  stubExternalImages,
  test,
} from './support';

const publicRoutes = [
  '/',
  '/trending',
  '/results?q=css',
  '/results?q=nothing-matches-this',
  `/watch/${seed.css.id}`,
  '/login',
  '/signup',
  '/mock',
];
const userRoutes = [
  '/',
  '/trending',
  '/results?q=css',
  `/watch/${seed.css.id}`,
  '/liked-videos',
  '/history',
  '/watch-later',
  '/playlist',
  '/profile',
  '/mock',
];
const loggedOutListRoutes = ['/liked-videos', '/history', '/watch-later', '/playlist', '/profile'];

// axe reads the DOM, which the mock build and the server build draw alike (one React app; only
// the transport under the API client differs), so these scans run once, in the mock project
// (PAGE_ONLY), whose /mock page also shows the scenario panel the server build leaves out. Every scan is a
// few seconds on a 2-core machine: running them twice cost CI minutes and found nothing new.
const viewports = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

/** WCAG 2.2 AA rules; the YouTube frame is YouTube's own page and is left out. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ iframes: false })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

async function expectAccessible(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
  expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
}

for (const viewport of viewports) {
  test.describe(`axe at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // Each test visits up to 10 routes with a full axe run; on a busy 2-core machine a route
    // takes 5-10 s, so the 30 s default fails them for time rather than for accessibility.
    test.describe.configure({ timeout: 120_000 });

    test(
      'logged out: every public route has no serious or critical violation',
      PAGE_ONLY,
      async ({ page }) => {
        await stubExternalImages(page);
        for (const path of publicRoutes) await expectAccessible(page, path);
      },
    );

    test(
      'logged out: the signed-in screens have no serious or critical violation',
      PAGE_ONLY,
      async ({ page }) => {
        await stubExternalImages(page);
        for (const path of loggedOutListRoutes) await expectAccessible(page, path);
      },
    );

    test(
      'logged in: every route has no serious or critical violation',
      PAGE_ONLY,
      async ({ page }) => {
        await stubExternalImages(page);
        await signedInUser(page);
        // Liked before the routes are visited: a goto would cancel the like on its way.
        await openWatchPage(page, seed.css.id, seed.css.title);
        await likeVideo(page);
        for (const path of userRoutes) await expectAccessible(page, path);
      },
    );

    test('dark theme: no contrast or other serious violation', PAGE_ONLY, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark' });
      await stubExternalImages(page);
      for (const path of ['/', '/results?q=css', `/watch/${seed.css.id}`, '/login']) {
        await expectAccessible(page, path);
      }
    });
  });
}

test('open dialogs and menus have no serious violations either', PAGE_ONLY, async ({ page }) => {
  await stubExternalImages(page);
  await signedInUser(page);
  await page.goto(`/watch/${seed.css.id}`);
  await page.getByRole('button', { name: 'Save to playlist' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.goto('/');
  await page.getByRole('button', { name: 'More actions' }).first().click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
