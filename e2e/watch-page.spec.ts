import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import {
  card,
  expect,
  openWatchPage,
  PAGE_ONLY,
  seed,
  signedInUser,
  stubExternalImages,
  test,
} from './support';

/**
 * The watch page's layout, its phone action rows, the channel page, the playback speed and the
 * chapters (decision 0014). YouTube cannot be reached from the test machines: its player API
 * is stood in for by a script with the same surface, which records what the page asks of it in
 * window.__player and announces itself ready, as YouTube's player does once it has loaded.
 */
const fakePlayerApi = `
window.__player = { time: 0, seeks: [], rates: [], events: null };
window.YT = {
  PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 },
  Player: function (element, options) {
    window.__player.events = (options && options.events) || {};
    setTimeout(function () {
      if (window.__player.events.onReady) window.__player.events.onReady({});
      window.__player.ready = true;
    }, 0);
    return {
      getCurrentTime: function () { return window.__player.time; },
      getPlayerState: function () { return 1; },
      seekTo: function (seconds) { window.__player.time = seconds; window.__player.seeks.push(seconds); },
      playVideo: function () {},
      setPlaybackRate: function (rate) { window.__player.rates.push(rate); },
    };
  },
};
if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
`;

interface FakePlayer {
  time: number;
  seeks: number[];
  rates: number[];
  ready?: boolean;
}

async function standInForYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakePlayerApi }),
  );
}

const fakePlayer = (page: Page) =>
  page.evaluate(() => (window as unknown as { __player?: FakePlayer }).__player);

async function playerReady(page: Page) {
  await expect.poll(async () => (await fakePlayer(page))?.ready ?? false).toBe(true);
}

/** A made-up lesson of the e2e catalogue: every one lists chapters in its description. */
const lesson = {
  id: 'gen-000001',
  title: 'HTML Crash Course #1',
  chapters: ['0:00 Welcome', '1:15 The idea', '3:45 Worked example', '8:45 Recap'],
};

/** freeCodeCamp.org's videos in the e2e catalogue: two seed videos and 32 made-up ones. */
const freeCodeCampVideos = 34;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'a bounding box').not.toBeNull();
  return found!;
}

test('Up next sits beside the player on wide screens and under it on narrower ones', async ({
  page,
}) => {
  await stubExternalImages(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWatchPage(page, seed.css.id, seed.css.title);
  const upNext = page.getByRole('region', { name: 'Up next' });
  await expect(upNext.getByRole('listitem').first()).toBeVisible();
  const player = page.locator('iframe');

  let video = await box(player);
  let next = await box(upNext);
  expect(next.x).toBeGreaterThanOrEqual(video.x + video.width);
  expect(next.y).toBeLessThan(video.y + video.height);
  expect(video.width / video.height).toBeCloseTo(16 / 9, 1);

  await page.setViewportSize({ width: 800, height: 900 });
  await expect.poll(async () => (await box(upNext)).y).toBeGreaterThanOrEqual(video.y);
  video = await box(player);
  next = await box(upNext);
  expect(next.y).toBeGreaterThanOrEqual(video.y + video.height);
  expect(Math.abs(next.x - video.x)).toBeLessThan(2);

  // At 1920 px the player is wide, and the page (at most 1400 px) is centred in the main area.
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(async () => (await box(player)).width).toBeGreaterThan(900);
  const main = await box(page.getByRole('main'));
  const watch = await box(page.locator('article').filter({ has: player }).locator('..'));
  expect(watch.width).toBeLessThanOrEqual(1400);
  const left = watch.x - main.x;
  const right = main.x + main.width - (watch.x + watch.width);
  expect(Math.abs(left - right)).toBeLessThan(2);
  video = await box(player);
  expect(video.width / video.height).toBeCloseTo(16 / 9, 1);
});

for (const width of [320, 375]) {
  test(`phones at ${width} px: every action is on screen and takes clicks, and none moves when Like becomes Liked`, async ({
    page,
  }) => {
    await stubExternalImages(page);
    await page.setViewportSize({ width, height: 812 });
    await signedInUser(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    const like = page.getByRole('button', { name: 'Like', exact: true });
    const actions = [
      like,
      page.getByRole('button', { name: 'Save to Watch later' }),
      page.getByRole('button', { name: 'Save to playlist' }),
      // The speed menu's pill (its icon labels the select inside).
      page.getByRole('combobox', { name: 'Playback speed' }).locator('..'),
    ];
    const row = page.getByRole('button', { name: 'Save to playlist' }).locator('..');
    const before = await Promise.all(actions.map(box));
    // Nothing is cut or hidden off screen: each whole action inside the window, none scrolled away.
    for (const action of before) {
      expect(action.x).toBeGreaterThanOrEqual(0);
      expect(action.x + action.width).toBeLessThanOrEqual(width);
    }
    expect(await row.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    for (const action of actions) await action.click({ trial: true });
    await page.getByRole('combobox', { name: 'Playback speed' }).click({ trial: true });
    const rowBefore = await box(row);

    await like.click();
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Save to Watch later' }).click();
    await expect(page.getByRole('button', { name: 'Remove from Watch later' })).toBeVisible();
    const after = await Promise.all(
      [
        page.getByRole('button', { name: 'Liked', exact: true }),
        page.getByRole('button', { name: 'Remove from Watch later' }),
        ...actions.slice(2),
      ].map(box),
    );
    expect(after).toEqual(before);
    expect(await box(row)).toEqual(rowBefore);
  });
}

test("a video's length is a badge on its cards and stands beside its views on its page", async ({
  page,
}) => {
  await stubExternalImages(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The made-up lesson lasts 10:30 (its recap starts at 8:45); the seed videos' lengths are unknown.
  await openWatchPage(page, lesson.id, lesson.title);
  const facts = page.getByRole('article').locator('p', { hasText: / views · / });
  await expect(facts).toContainText('views ·');
  await expect(facts.locator('[data-duration] [aria-hidden]')).toHaveText('10:30');
  await expect(facts.getByText('10 minutes, 30 seconds')).toBeAttached();

  // Up next: the other made-up HTML lessons first, each with its badge over its thumbnail.
  const badge = page.getByRole('list', { name: 'Up next' }).locator('[data-duration]').first();
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(/^\d+:\d\d$/);
  const thumbnail = await box(badge.locator('..'));
  const corner = await box(badge);
  // Inside the thumbnail, at its bottom right.
  expect(corner.x + corner.width).toBeGreaterThan(thumbnail.x + thumbnail.width - 16);
  expect(corner.y + corner.height).toBeGreaterThan(thumbnail.y + thumbnail.height - 16);

  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(
    page
      .getByRole('article')
      .locator('p', { hasText: / views · / })
      .locator('[data-duration]'),
  ).toHaveCount(0);
});

test("the channel name opens the channel's page, listing only its videos", async ({ page }) => {
  await stubExternalImages(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWatchPage(page, seed.jsCourse.id, seed.jsCourse.title);
  await page.getByRole('link', { name: 'freeCodeCamp.org' }).click();

  await expect(page).toHaveURL(/\/channel\/freeCodeCamp\.org$/);
  await expect(page.getByRole('heading', { level: 1, name: 'freeCodeCamp.org' })).toBeVisible();
  await expect(page).toHaveTitle('freeCodeCamp.org - CodeTube');
  await expect(page.getByText(`${freeCodeCampVideos} videos`, { exact: true })).toBeVisible();
  const cards = page
    .getByRole('list', { name: 'Videos from freeCodeCamp.org' })
    .locator(':scope > li');
  await expect(cards).toHaveCount(24);
  // The rest loads as the end of the list comes into view.
  await page.getByRole('button', { name: 'Show more videos (10 more)' }).scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(freeCodeCampVideos);
  const channels = await cards.getByRole('link', { name: 'freeCodeCamp.org' }).allTextContents();
  expect(channels).toHaveLength(freeCodeCampVideos);
  await expect(cards.getByRole('heading', { name: seed.htmlCourse.title })).toBeVisible();
});

test("a card's channel opens its page too; an unknown channel has none", async ({ page }) => {
  await stubExternalImages(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  // The name is encoded in the address.
  await page.goto('/');
  await card(page, seed.css.title).getByRole('link', { name: 'Web Dev Simplified' }).click();
  await expect(page).toHaveURL(/\/channel\/Web%20Dev%20Simplified$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Web Dev Simplified' })).toBeVisible();
  const webDev = page.getByRole('list', { name: 'Videos from Web Dev Simplified' });
  await expect(webDev.locator(':scope > li').first()).toBeVisible();
  const names = await webDev
    .locator(':scope > li')
    .evaluateAll((items) =>
      items.map((item) => item.querySelector('a[href^="/channel/"]')?.textContent),
    );
  expect(new Set(names)).toEqual(new Set(['Web Dev Simplified']));

  await page.goto('/channel/Nobody%20Here');
  await expect(page.getByRole('heading', { name: 'No videos from this channel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse videos' })).toBeVisible();
});

test('a name or id holding an escape reads as its link encoded it, not decoded twice', async ({
  page,
}) => {
  const name = 'AC%2FDC';
  await page.goto(`/channel/${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(`The catalogue holds no videos from “${name}”.`)).toBeVisible();
});

test('the playback speed applies to the player and is remembered for the next video', async ({
  page,
}) => {
  await standInForYouTube(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await playerReady(page);
  const speed = page.getByRole('combobox', { name: 'Playback speed' });
  await expect(speed).toHaveValue('1');
  expect((await fakePlayer(page))?.rates).toEqual([]);

  await speed.selectOption({ label: '1.5×' });
  await expect.poll(async () => (await fakePlayer(page))?.rates).toEqual([1.5]);
  expect(await page.evaluate(() => localStorage.getItem('codetube:playback-rate'))).toBe('1.5');

  await page.reload();
  await playerReady(page);
  await expect(speed).toHaveValue('1.5');
  expect((await fakePlayer(page))?.rates).toEqual([1.5]);

  // Another video plays at the same speed.
  await openWatchPage(page, seed.html5.id, seed.html5.title);
  await playerReady(page);
  await expect(speed).toHaveValue('1.5');
  expect((await fakePlayer(page))?.rates).toEqual([1.5]);
  await speed.selectOption({ label: 'Normal' });
  await expect.poll(async () => (await fakePlayer(page))?.rates).toEqual([1.5, 1]);
  expect(await page.evaluate(() => localStorage.getItem('codetube:playback-rate'))).toBe('1');
});

test("chapters from the description's time lines seek the player; the playing one is marked", async ({
  page,
}) => {
  await standInForYouTube(page);
  await openWatchPage(page, lesson.id, lesson.title);
  await playerReady(page);
  const chapters = page.getByRole('region', { name: 'Chapters' });
  const buttons = chapters.getByRole('button');
  await expect(buttons).toHaveText(lesson.chapters);

  await chapters.getByRole('button', { name: '3:45 Worked example' }).click();
  expect((await fakePlayer(page))?.seeks).toEqual([225]);
  await expect(chapters.getByRole('button', { name: /Worked example/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  // The mark follows the player.
  await page.evaluate(() => {
    (window as unknown as { __player: FakePlayer }).__player.time = 530;
  });
  await expect(chapters.getByRole('button', { name: /Recap/ })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(chapters.locator('[aria-current]')).toHaveCount(1);

  // A description without time lines has no chapters.
  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(page.getByRole('region', { name: 'Chapters' })).toHaveCount(0);
});

// The axe scans of accessibility.spec.ts cover the seed watch page; this one covers what this
// issue added: the speed menu, a chapter list, the channel page (mock project only, as there).
test('the watch page with chapters and the channel page pass axe', PAGE_ONLY, async ({ page }) => {
  // Four full axe runs: 5-10 s each on a busy two-core machine.
  test.setTimeout(150_000);
  await stubExternalImages(page);
  const violations = async () =>
    (
      await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .options({ iframes: false })
        .analyze()
    ).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openWatchPage(page, lesson.id, lesson.title);
    await expect(page.getByRole('region', { name: 'Chapters' })).toBeVisible();
    expect(await violations(), `watch page at ${width} px`).toEqual([]);
    await page.goto('/channel/Akshay%20Saini');
    await expect(page.getByRole('list', { name: 'Videos from Akshay Saini' })).toBeVisible();
    expect(await violations(), `channel page at ${width} px`).toEqual([]);
  }
});
