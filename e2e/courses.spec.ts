import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, PAGE_ONLY, seed, signedInUser, stubExternalImages, test } from './support';
import { forgetPlayer } from './youtube-stand-in';

// Courses (issue 30): a course from the catalogue CLI (server) or the seed (mock), shown on
// /courses, started, the next lesson opened beside the player, a lesson watched to 90% and one
// marked done, the progress on the course, on /courses and on Home.

/** The mock's sample course (src/api/seed/sample-course.ts): the server gets it from the CLI. */
const course = {
  type: 'course',
  slug: 'web-development-basics',
  title: 'Web development basics',
  description: 'HTML, then CSS, then JavaScript: the six seed videos, in the order to learn them.',
  sections: [
    { title: 'HTML', lessons: [seed.html5.id, seed.htmlCourse.id] },
    { title: 'CSS', lessons: [seed.css.id] },
    { title: 'JavaScript', lessons: [seed.jsCourse.id, 'QCRpVw2KXf8', seed.jsInBrowser.id] },
  ],
};

// eslint-disable-next-line no-empty-pattern -- Playwright's hooks take their fixtures first.
test.beforeAll(({}, testInfo) => {
  if (testInfo.project.name !== 'server') return;
  // The operators' way: the catalogue CLI on the server's database (playwright.config.ts's
  // DATA_DIR), while it runs. Importing it again changes nothing.
  const dir = mkdtempSync(join(tmpdir(), 'codetube-e2e-course-'));
  try {
    const file = join(dir, 'course.jsonl');
    writeFileSync(file, `${JSON.stringify(course)}\n`);
    execFileSync(process.execPath, ['dist/server/catalogue.mjs', 'import', file], {
      env: { ...process.env, DATA_DIR: 'data/e2e', DATABASE_URL: 'data/e2e/codetube.sqlite' },
      stdio: 'pipe',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * YouTube's player API, stood in for (the test machines cannot reach it): the test sets the time
 * and the length through window.__player and sends a state change.
 */
const fakePlayerApi = `
window.__player = { time: 0, duration: 0, events: null };
window.YT = {
  PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 },
  Player: function (element, options) {
    window.__player.events = (options && options.events) || {};
    return {
      getCurrentTime: function () { return window.__player.time; },
      getDuration: function () { return window.__player.duration; },
      getPlayerState: function () { return 1; },
      seekTo: function (seconds) { window.__player.time = seconds; },
      playVideo: function () {},
    };
  },
};
if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
`;

async function standInForYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakePlayerApi }),
  );
}

/** Plays the open video to `seconds` of `duration` and pauses: the page saves the position. */
async function playTo(page: Page, seconds: number, duration: number) {
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __player?: { events: unknown } }).__player?.events)),
    )
    .toBe(true);
  await page.evaluate(
    ([time, length]) => {
      const player = (
        window as unknown as {
          __player: {
            time: number;
            duration: number;
            events: { onStateChange?: (event: { data: number }) => void };
          };
        }
      ).__player;
      player.time = time;
      player.duration = length;
      player.events.onStateChange?.({ data: 2 });
    },
    [seconds, duration] as const,
  );
}

test('a course: listed, started, Next lesson, a lesson watched and one marked done, progress shown', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await stubExternalImages(page);
  await standInForYouTube(page);
  await signedInUser(page);

  await page.getByRole('link', { name: 'Courses' }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  const listed = page.getByRole('listitem').filter({ hasText: course.title });
  await expect(listed.getByText('6 lessons')).toBeVisible();
  await listed.getByRole('link', { name: course.title }).click();

  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['HTML', 'CSS', 'JavaScript']);
  await page.getByRole('link', { name: 'Start course' }).click();

  await expect(page).toHaveURL(`/watch/${seed.html5.id}?course=${course.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.html5.title })).toBeVisible();
  const beside = page.getByRole('region', { name: course.title });
  await expect(beside.getByText('Lesson 1 of 6')).toBeVisible();
  await expect(beside.getByRole('link', { name: seed.html5.title })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The next lesson's player is the one playTo waits for, not this one's (its page is left in
  // the app: the stand-in would still hold this player's events until the next one starts).
  await forgetPlayer(page);
  await beside.getByRole('link', { name: 'Next lesson' }).click();

  await expect(page).toHaveURL(`/watch/${seed.htmlCourse.id}?course=${course.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.htmlCourse.title })).toBeVisible();
  await expect(beside.getByText('Lesson 2 of 6')).toBeVisible();
  // Watched to 95%: the lesson counts as done.
  await playTo(page, 95, 100);
  await expect(beside.getByText('Watched')).toBeVisible();
  // Another lesson marked done from beside the player.
  await beside.getByRole('button', { name: `Mark done: ${seed.css.title}` }).click();
  await expect(beside.getByRole('button', { name: `Undo done: ${seed.css.title}` })).toBeVisible();
  await expect(beside.getByText('2 of 6 lessons done')).toBeVisible();

  await beside.getByRole('link', { name: course.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await expect(
    page.getByRole('progressbar', { name: `${course.title}: progress` }),
  ).toHaveAttribute('aria-valuetext', '2 of 6 lessons done');
  await expect(page.getByRole('link', { name: 'Continue: lesson 1' })).toHaveAttribute(
    'href',
    `/watch/${seed.html5.id}?course=${course.slug}`,
  );

  await page.getByRole('link', { name: 'Courses' }).click();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: course.title })
      .getByRole('progressbar', { name: `${course.title}: progress` }),
  ).toHaveAttribute('aria-valuetext', '2 of 6 lessons done');

  await page.getByRole('link', { name: 'Home' }).click();
  const learning = page.getByRole('region', { name: 'Continue learning' });
  await expect(learning.getByRole('link', { name: course.title, exact: true })).toBeVisible();
  await expect(learning.getByText('2 of 6 lessons done')).toBeVisible();
  await learning.getByRole('link', { name: `Continue: lesson 1 — ${course.title}` }).click();
  await expect(page).toHaveURL(`/watch/${seed.html5.id}?course=${course.slug}`);
});

test('a lesson played to its end beside its course is marked done', async ({ page }) => {
  await stubExternalImages(page);
  await standInForYouTube(page);
  await signedInUser(page);
  await page.goto(`/watch/${seed.jsInBrowser.id}?course=${course.slug}`);
  const beside = page.getByRole('region', { name: course.title });
  await expect(beside.getByText('Lesson 6 of 6')).toBeVisible();
  await expect(beside.getByRole('link', { name: 'Next lesson' })).toHaveCount(0);
  await playTo(page, 100, 100);
  // The end: the page keeps the position at the end (watched) and marks the lesson done.
  await page.evaluate(() => {
    const player = (
      window as unknown as {
        __player: { events: { onStateChange?: (event: { data: number }) => void } };
      }
    ).__player;
    player.events.onStateChange?.({ data: 0 });
  });
  const lesson = beside.getByRole('listitem').filter({ hasText: seed.jsInBrowser.title });
  await expect(lesson.getByText('Done', { exact: true })).toBeVisible();
  // Watched to its end, it is done whatever the mark: there is nothing to undo.
  await expect(lesson.getByRole('button')).toHaveCount(0);
  await expect(beside.getByText('1 of 6 lessons done')).toBeVisible();
});

test('a lesson marked done can be undone on the course page', async ({ page }) => {
  await stubExternalImages(page);
  await signedInUser(page);
  await page.goto(`/course/${course.slug}`);
  await page.getByRole('button', { name: `Mark done: ${seed.jsCourse.title}` }).click();
  const bar = page.getByRole('progressbar', { name: `${course.title}: progress` });
  await expect(bar).toHaveAttribute('aria-valuetext', '1 of 6 lessons done');
  await page.getByRole('button', { name: `Undo done: ${seed.jsCourse.title}` }).click();
  await expect(bar).toHaveAttribute('aria-valuetext', '0 of 6 lessons done');
  await expect(
    page.getByRole('button', { name: `Mark done: ${seed.jsCourse.title}` }),
  ).toBeFocused();
});

/** WCAG 2.2 AA's serious and critical violations (accessibility.spec.ts's scan); no frames. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ iframes: false })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

test(
  'the course screens have no serious accessibility violation, on a phone and a desktop, light and dark',
  PAGE_ONLY,
  async ({ page }) => {
    test.setTimeout(240_000);
    await stubExternalImages(page);
    await standInForYouTube(page);
    await signedInUser(page);
    await page.goto(`/course/${course.slug}`);
    await page.getByRole('button', { name: `Mark done: ${seed.css.title}` }).click();
    await expect(page.getByRole('button', { name: `Undo done: ${seed.css.title}` })).toBeVisible();
    const paths = [
      '/courses',
      `/course/${course.slug}`,
      `/watch/${seed.css.id}?course=${course.slug}`,
      '/',
    ];
    // Each theme once, each on one of the two layouts: a contrast fault shows in either layout,
    // a layout fault in either theme (accessibility.spec scans every route in both themes).
    const views = [
      { scheme: 'light', width: 320, height: 700 },
      { scheme: 'dark', width: 1280, height: 800 },
    ] as const;
    for (const { scheme, width, height } of views) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height });
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByText('1 of 6 lessons done').first()).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
        const where = { path, width, scheme };
        expect({ ...where, violations: await seriousViolations(page) }).toEqual({
          ...where,
          violations: [],
        });
      }
    }
  },
);

test("the course pages' HTML carries the course and its lessons, read without a browser", async ({
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'server', 'the mock build serves one static index.html');
  const list = await (await request.get('/courses')).text();
  expect(list).toContain('data-rendered=""');
  expect(list).toContain(course.title);
  const answer = await request.get(`/course/${course.slug}`);
  expect(answer.status()).toBe(200);
  const html = await answer.text();
  expect(html).toContain(`<title>${course.title} - CodeTube</title>`);
  expect(html).toMatch(new RegExp(`<h1[^>]*>${course.title}</h1>`));
  expect(html).toContain(seed.css.title);
  expect((await request.get('/course/no-such-course')).status()).toBe(404);
});
