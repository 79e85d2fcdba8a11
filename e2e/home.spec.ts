import { catalogue, expect, seed, test } from './support';

const seedTitles = [
  'Getting started with HTML5',
  'HTML Full Course - Build a Website Tutorial',
  'Learn CSS in 20 Minutes',
  'Learn JavaScript - Full Course for Beginners',
  // Titles are cut to 50 characters (product §5).
  'SHORTEST JS Program 🔥window & this keyword | Namas...',
  'JavaScript in the browser!',
];

test('the home page lists the catalogue from the API, the six seed videos first', async ({
  page,
}) => {
  await page.goto('/');
  const cards = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
  await expect(cards).toHaveCount(catalogue.page);
  for (const title of seedTitles) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
});

test("page scripts' own fetch('/api/…') reaches the in-page backend", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
  const result = await page.evaluate(async () => {
    const response = await fetch('/api/test-todos');
    return { status: response.status, body: (await response.json()) as { todos: unknown[] } };
  });
  expect(result.status).toBe(200);
  expect(result.body.todos.length).toBeGreaterThanOrEqual(3);
});

test('what the mock stores survives a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
  const email = `e2e-${Date.now()}@example.com`;
  const signup = await page.evaluate(async (address) => {
    const response = await fetch('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Reload',
        lastName: 'Test',
        email: address,
        password: 'reload-test-1',
      }),
    });
    return response.status;
  }, email);
  expect(signup).toBe(201);

  await page.reload();
  await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
  const login = await page.evaluate(async (address) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password: 'reload-test-1' }),
    });
    return response.status;
  }, email);
  expect(login).toBe(200);
});

test('deep links answer with the app', async ({ page }) => {
  const response = await page.goto('/watch/No8qdcVYiQw');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${seed.html5.title} - CodeTube`);
});
