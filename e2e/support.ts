import { expect, type Page } from '@playwright/test';

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;

/** Signs a fresh user up through the API the page talks to (in-page mock or server). */
export async function createUser(page: Page): Promise<TestUser> {
  counter += 1;
  const user: TestUser = {
    email: `e2e-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'e2e-password-1',
    firstName: 'Edsger',
    lastName: 'Dijkstra',
  };
  if (page.url() === 'about:blank') await page.goto('/');
  await expect(page.getByRole('link', { name: 'CodeTube' })).toBeVisible();
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return response.status;
  }, user);
  expect(status).toBe(201);
  return user;
}

/** Logs in through the login screen and waits for the welcome toast. */
export async function logInAs(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(`Hello, ${user.firstName}. Welcome back!`)).toBeVisible();
}

/** A fresh user, logged in. */
export async function signedInUser(page: Page): Promise<TestUser> {
  const user = await createUser(page);
  await logInAs(page, user);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  return user;
}

/** A seed video's watch page, waiting for its title. */
export async function openWatchPage(page: Page, videoId: string, title: string): Promise<void> {
  await page.goto(`/watch/${videoId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

/**
 * The e2e catalogue: the six seed videos, then 94 made-up ones (playwright.config.ts), 100 in all.
 * Made-up titles read like 'CSS Crash Course #2' (topics HTML, CSS, Javascript, React Js, Node,
 * TypeScript, SQL, Git in turn, each also the category), with fewer views than the 'Learn CSS' video.
 */
export const catalogue = {
  size: 100,
  /** A page of the home grid, trending and results. */
  page: 24,
  /** Videos in the HTML category: two seed videos and twelve made-up ones. */
  html: 14,
  chips: ['All', 'HTML', 'CSS', 'Javascript', 'React Js', 'Node', 'TypeScript', 'SQL', 'Git'],
} as const;

export const seed = {
  html5: { id: 'No8qdcVYiQw', title: 'Getting started with HTML5' },
  htmlCourse: { id: 'pQN-pnXPaVg', title: 'HTML Full Course - Build a Website Tutorial' },
  css: { id: '1PnVor36_40', title: 'Learn CSS in 20 Minutes' },
  jsCourse: { id: 'PkZNo7MFNFg', title: 'Learn JavaScript - Full Course for Beginners' },
  jsInBrowser: { id: 'yLZazznWoAs', title: 'JavaScript in the browser!' },
} as const;

/** A 1×1 PNG: thumbnails and avatars load without the network, so pages look as they would. */
const pixel = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Serves every external image from the test, so no test depends on the internet. */
export async function stubExternalImages(page: Page): Promise<void> {
  await page.route(/^https:\/\/(i\.ytimg\.com|ui-avatars\.com)\//, (route) =>
    route.fulfill({ contentType: 'image/png', body: pixel }),
  );
}

/** The card (grid item) whose title link names this video. */
export function card(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
}
