import { catalogue, expect, seed, test } from './support';

// The service worker under test (playwright.config.ts blocks it everywhere else).
test.use({ serviceWorkers: 'allow' });

test('the app is installable: a manifest and a service worker that controls the page', async ({
  page,
}) => {
  await page.goto('/');
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const response = await fetch(link?.href ?? '');
    return (await response.json()) as { name: string; start_url: string; display: string };
  });
  expect(manifest).toMatchObject({ name: 'CodeTube', start_url: '/', display: 'standalone' });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
});

test('mock mode works offline after the first visit', async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== 'mock', 'only the mock build has its API in the page');
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
  // Wait until the worker has cached the shell and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(
    catalogue.page,
  );
  await page.getByRole('link', { name: 'Trending' }).first().click();
  await expect(page.getByRole('list', { name: 'Trending videos' })).toBeVisible();
  await page.goto(`/watch/${seed.css.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login with test credentials' }).click();
  await expect(page.getByText('Hello, Test. Welcome back!')).toBeVisible();
  await context.setOffline(false);
});
