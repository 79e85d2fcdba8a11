import { test as base, expect, type Page } from '@playwright/test';
import { shellOf } from '../src/server/seo/page-code';

/**
 * Slow mode: `E2E_CPU_THROTTLE=4 npx playwright test` runs every page on a CPU that many times
 * slower (Chromium's own throttling), to check that tests wait for states, never for time.
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

/** Playwright's `test`, with every page of the context slowed down in slow mode. */
export const test = base.extend({
  context: async ({ context }, provide) => {
    if (CPU_THROTTLE > 1) {
      const throttle = async (page: Page) => {
        const session = await context.newCDPSession(page);
        await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
      };
      context.on('page', (page) => void throttle(page).catch(() => undefined));
    }
    await provide(context);
  },
  page: async ({ page }, provide) => {
    if (CPU_THROTTLE > 1) {
      const session = await page.context().newCDPSession(page);
      await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    // A server-rendered page shows before the app has taken it over (hydrated): a click on a
    // button then does nothing yet. Tests go on from a loaded page once it has.
    for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
      const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const answer = await navigate(...args);
        await waitForHydration(page);
        return answer;
      };
    }
    await provide(page);
  },
});

export { expect };

/**
 * Waits until a server-rendered page is the app's (server mode: the app removes the html's
 * `data-rendered` once it has hydrated the server's HTML); at once for a page drawn in the browser.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-rendered'));
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Tags a test of what the page does by itself, whichever backend answers: axe scans, layout from
 * 320 px up, menus, focus after a removal or a page more, toasts, themes and keys (the player's,
 * the search boxes'), a form's own checks before it sends anything, the request tester's own
 * controls. It runs in the mock project only: the same React code draws it on either backend,
 * so the server project would repeat it word for word (playwright.config.ts). What the server
 * changes (its rendered HTML, its answers, the network between) stays tested in both.
 */
export const PAGE_ONLY = { tag: '@page-only' };

let counter = 0;

/** Signs a fresh user up through the API the page talks to (in-page mock or server). */
export async function createUser(page: Page): Promise<TestUser> {
  return (await signUp(page)).user;
}

/** A fresh user signed up from the page, with the session the signup answered. */
async function signUp(page: Page): Promise<{ user: TestUser; session: string }> {
  counter += 1;
  const user: TestUser = {
    email: `e2e-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'e2e-password-1',
    firstName: 'Edsger',
    lastName: 'Dijkstra',
  };
  if (page.url() === 'about:blank') await page.goto('/');
  await expect(page.getByRole('link', { name: 'CodeTube' })).toBeVisible();
  const answer = await page.evaluate(async (body) => {
    const response = await fetch('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, session: await response.text() };
  }, user);
  expect(answer.status).toBe(201);
  return { user, session: answer.session };
}

/**
 * Stops the page's clock where it stands (its timers and Date; `page.clock.install()` must have
 * come before the page loaded), so a toast shown from here on stays until the test moves time on
 * (`page.clock.runFor`, `page.clock.resume`), however slow the machine. A test that acts on a
 * toast (its Undo, the shortcut) or counts toasts holds them this way rather than race product
 * §9's 2 s. Calls, renders and CSS animations go on; React reveals a lazy part of the screen (the
 * card menu's sheet) on a timer, so open such a part before stopping the clock.
 */
export async function stopClock(page: Page): Promise<void> {
  // pauseAt takes a moment ahead of the page's clock, which runs on while the test reads it.
  for (let attempt = 1; ; attempt += 1) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 500);
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes('to the past')) throw error;
    }
  }
}

/** Logs in through the login screen and waits for the welcome toast. */
export async function logInAs(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(`Hello, ${user.firstName}. Welcome back!`)).toBeVisible();
}

/**
 * A fresh user, signed in through the API (the login screen has tests of its own): the session
 * the signup answered (201 `{createdUser, encodedToken}`) is stored where the app keeps it, as
 * the login screen would store its own, and the page reloaded to pick it up.
 */
export async function signedInUser(page: Page): Promise<TestUser> {
  const { user, session } = await signUp(page);
  await page.evaluate((body) => {
    const { encodedToken, createdUser } = JSON.parse(body) as {
      encodedToken: string;
      createdUser: unknown;
    };
    localStorage.setItem('token', encodedToken);
    localStorage.setItem('user', JSON.stringify(createdUser));
  }, session);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  return user;
}

/**
 * A seed video's watch page, waiting for its title, for Like to take presses (a signed-in user's
 * Like waits until their likes are in) and for Watch later's list to have loaded or failed to
 * (the button is busy until then, and ignores its shortcut 'w': the lists load side by side).
 */
export async function openWatchPage(page: Page, videoId: string, title: string): Promise<void> {
  await page.goto(`/watch/${videoId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Liked?$/ })).toBeEnabled();
  await expect(
    page.getByRole('button', { name: /^(Save to|Remove from) Watch later$/ }),
  ).toHaveAttribute('aria-busy', 'false');
}

/**
 * Likes the open watch page's video and waits until the server has answered: the button shows
 * Liked at once, and ignores presses while the call is on its way (aria-busy).
 */
export async function likeVideo(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Like', exact: true }).click();
  const liked = page.getByRole('button', { name: 'Liked', exact: true });
  await expect(liked).toBeVisible();
  await expect(liked).toHaveAttribute('aria-busy', 'false');
}

/**
 * Saves the open watch page's video for later and waits until the server has answered, as
 * likeVideo does: the button shows the change at once and ignores presses while its call runs.
 */
export async function saveToWatchLater(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save to Watch later', exact: true }).click();
  const saved = page.getByRole('button', { name: 'Remove from Watch later', exact: true });
  await expect(saved).toBeVisible();
  await expect(saved).toHaveAttribute('aria-busy', 'false');
}

/** The ids in the signed-in user's history as the API holds it, oldest first. */
export async function storedHistory(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user/history', {
      headers: { authorization: localStorage.getItem('token') ?? '' },
    });
    return ((await response.json()) as { history: { _id: string }[] }).history.map(
      (item) => item._id,
    );
  });
}

/**
 * Opens a video from its card on the screen shown, signed in, and waits until the history holds
 * it: a card records the watch with a call of its own, which the watch page does not wait for,
 * and a goto or reload while it is on its way cancels it.
 */
export async function openFromCard(
  page: Page,
  video: { id: string; title: string },
): Promise<void> {
  await card(page, video.title).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
  await expect.poll(() => storedHistory(page)).toContain(video.id);
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

/**
 * The test server's own URLs that may be a page (no /api/ or /assets/, no dot in the path), as a
 * RegExp: Playwright matches a RegExp (or a glob) itself and sends the test only the requests it
 * matches, while a function makes it hold every request of the page (every script, style and API
 * call) until the test has answered it. On a busy machine each such round trip took seconds,
 * and a page load with a route on everything took two to three times as long.
 */
const APP_PAGES =
  /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/(?!api\/|assets\/)[^.?#]*(?:[?#].*)?$/;

/** The test server's URLs whose path matches `path` (a pattern's source: no ^ or $), as a RegExp. */
const serverUrls = (path: string) =>
  new RegExp(`^http://(?:127\\.0\\.0\\.1|localhost)(?::\\d+)?(?:${path})(?:[?#].*)?$`);

/**
 * Server mode: the server's pages come as the app's shell, without the page the server rendered
 * and its data, as the server sends them when its own reads fail (or its renders are busy). The
 * screens then load their data in the browser, where the test's routes answer it: a test that
 * breaks, slows or rewrites API answers sees what the app does with them. Mock mode: nothing to do
 * (the app draws every page itself).
 */
export async function drawInBrowser(page: Page, project: string): Promise<void> {
  if (project === 'mock') return;
  await page.route(APP_PAGES, async (route) => {
    // The page's own documents only (a player's frame is YouTube's).
    const request = route.request();
    if (request.resourceType() !== 'document' || request.frame() !== page.mainFrame()) {
      return route.fallback();
    }
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    const body = shellOf(await response.text());
    return route.fulfill({ status: response.status(), headers, body });
  });
}

/** An API call to break: a method (or ANY) and a path, where `{name}` stands for one segment. */
export interface BrokenCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'ANY';
  path: string;
}

const MOCK_SCENARIOS_KEY = 'codetube:mock-scenarios';
const MOCK_DELAY_KEY = 'codetube:mock-delay';

/** A BrokenCall's path as a RegExp's source: `{name}` one segment, a final `*` anything. */
const pathSource = (path: string) => path.replace(/\{[^}]+\}/g, '[^/?#]+').replace(/\*$/, '.*');

/**
 * Makes the matching API calls fail with `status` after `delayMs`: in mock mode through the mock
 * panel's scenarios (whose delay then applies to every call), in server mode on their way to the
 * server. Resolves to the function that lets them through again.
 */
export async function failCalls(
  page: Page,
  project: string,
  calls: BrokenCall[],
  { status = 500, delayMs = 0 }: { status?: 500 | 503; delayMs?: number } = {},
): Promise<() => Promise<void>> {
  if (project === 'mock') {
    const scenarios = { offline: false, forcedErrors: calls.map((call) => ({ ...call, status })) };
    await setMockKnobs(page, JSON.stringify(scenarios), delayMs);
    return () => setMockKnobs(page, null, 0);
  }
  // As the server would, its own reads failing: its pages come unrendered.
  await drawInBrowser(page, project);
  const patterns = calls.map((call) => ({
    ...call,
    path: new RegExp(`^${pathSource(call.path)}$`),
  }));
  const matches = serverUrls(calls.map((call) => pathSource(call.path)).join('|'));
  const reason = status === 503 ? 'Service Unavailable' : 'Internal Server Error';
  await page.route(matches, async (route) => {
    const { pathname } = new URL(route.request().url());
    const method = route.request().method();
    const hit = patterns.some(
      (call) => call.path.test(pathname) && (call.method === 'ANY' || call.method === method),
    );
    if (!hit) return route.fallback();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return route.fulfill({ status, json: { errors: [reason] } });
  });
  return () => page.unroute(matches);
}

/**
 * Cuts the page off from its backend: every API call gets no answer, as when the network or the
 * server is down. Resolves to the function that brings the backend back.
 */
export async function cutBackend(page: Page, project: string): Promise<() => Promise<void>> {
  if (project === 'mock') {
    await setMockKnobs(page, JSON.stringify({ offline: true, forcedErrors: [] }), 0);
    return () => setMockKnobs(page, null, 0);
  }
  await drawInBrowser(page, project);
  const api = serverUrls('/api/.*');
  await page.route(api, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(api);
}

async function setMockKnobs(page: Page, scenarios: string | null, delayMs: number) {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.evaluate(
    ({ keys, scenarios, delay }) => {
      if (scenarios === null) localStorage.removeItem(keys.scenarios);
      else localStorage.setItem(keys.scenarios, scenarios);
      localStorage.setItem(keys.delay, delay);
    },
    {
      keys: { scenarios: MOCK_SCENARIOS_KEY, delay: MOCK_DELAY_KEY },
      scenarios,
      delay: String(delayMs),
    },
  );
}

/**
 * Makes every API call take `delayMs` longer, as a slow network would: in mock mode through the
 * mock panel's response delay, in server mode on its way to the server.
 */
export async function slowCalls(page: Page, project: string, delayMs: number): Promise<void> {
  if (project === 'mock') {
    await setMockKnobs(page, null, delayMs);
    return;
  }
  await drawInBrowser(page, project);
  await page.route(serverUrls('/api/.*'), async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.fallback();
  });
}

/**
 * Writes through the API as the signed-in user (the token the app stored), so a test sets up its
 * lists without clicking through them; answers the status and the body.
 */
export async function writeAsUser(
  page: Page,
  method: 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: localStorage.getItem('token') ?? '',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, path, body },
  );
}

/** Seed videos in the form the API takes them (`{ video }` bodies read only the id). */
export const seedVideos = Object.values(seed).map((video) => ({
  _id: video.id,
  title: video.title,
}));
