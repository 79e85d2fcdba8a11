import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { card, expect, seed, signedInUser, test, writeAsUser } from './support';

/**
 * Issue 31: the watch page's Transcript panel, the results page's transcript matches and the
 * notebook (/notes). YouTube's player API is stood in for as in player.spec.ts: a script with its
 * surface (YT.Player, getCurrentTime, seekTo) that the test steers through window.__player.
 */
const fakePlayerApi = `
window.__player = { time: 0, seeks: [], events: null, src: '' };
window.YT = {
  PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 },
  Player: function (element, options) {
    window.__player.events = (options && options.events) || {};
    window.__player.src = element.src;
    return {
      getCurrentTime: function () { return window.__player.time; },
      getPlayerState: function () { return 1; },
      seekTo: function (seconds) { window.__player.time = seconds; window.__player.seeks.push(seconds); },
      playVideo: function () {},
    };
  },
};
if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
`;

interface StandIn {
  time: number;
  seeks: number[];
  events: unknown;
  src: string;
}

async function standInForYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakePlayerApi }),
  );
}

const standIn = (page: Page) =>
  page.evaluate(() => (window as unknown as { __player?: StandIn }).__player);

async function playerAttached(page: Page) {
  await expect.poll(async () => Boolean((await standIn(page))?.events)).toBe(true);
}

const setTime = (page: Page, seconds: number) =>
  page.evaluate((value) => {
    (window as unknown as { __player: StandIn }).__player.time = value;
  }, seconds);

test('the transcript panel follows the player, seeks on a click and searches its lines', async ({
  page,
}) => {
  await standInForYouTube(page);
  await page.goto(`/watch/${seed.jsCourse.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.jsCourse.title })).toBeVisible();
  await playerAttached(page);
  const panel = page.getByRole('region', { name: 'Transcript' });
  const lines = panel.getByRole('list', { name: 'Transcript lines' });

  await setTime(page, 16);
  await expect(lines.locator('[aria-current="true"]')).toContainText('A closure is a function');
  await setTime(page, 31);
  await expect(lines.locator('[aria-current="true"]')).toContainText('Loops repeat work');

  await lines.getByRole('button', { name: /Arrays keep values in order/ }).click();
  await expect.poll(async () => (await standIn(page))?.seeks).toEqual([25]);
  await expect(lines.locator('[aria-current="true"]')).toContainText('Arrays keep values');

  // Keyboard: the list is one stop; arrows move between lines, Enter seeks.
  await lines.locator('button[tabindex="0"]').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await standIn(page))?.seeks).toEqual([25, 20]);

  const search = panel.getByRole('searchbox', { name: 'Search in the transcript' });
  await search.fill('function');
  await expect(panel.getByText('1 of 3')).toBeVisible();
  await expect(lines.locator('mark')).toHaveCount(3);
  await search.press('Enter');
  await expect(panel.getByText('2 of 3')).toBeVisible();
  await panel.getByRole('button', { name: 'Previous match' }).click();
  await expect(panel.getByText('1 of 3')).toBeVisible();

  // The user scrolls the lines: following stops until asked again.
  await search.fill('');
  await lines.evaluate((element) => {
    element.style.maxHeight = '4rem';
  });
  await lines.hover();
  await page.mouse.wheel(0, 60);
  await panel.getByRole('button', { name: 'Resume auto-scroll' }).click();
  await expect(panel.getByRole('button', { name: 'Resume auto-scroll' })).toHaveCount(0);
});

test('a watch address with t= starts the video there', async ({ page }) => {
  await standInForYouTube(page);
  await page.goto(`/watch/${seed.css.id}?t=1m20s`);
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await playerAttached(page);
  expect(new URL((await standIn(page))?.src ?? '').searchParams.get('start')).toBe('80');

  // Another moment of the same video (Back and Forward, a shared moment's link) seeks there.
  await page.evaluate(() => {
    window.history.pushState(window.history.state, '', `${window.location.pathname}?t=2m`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect.poll(async () => (await standIn(page))?.seeks).toEqual([120]);
});

test('a results-page transcript match shows its moment and opens the video there', async ({
  page,
}) => {
  await standInForYouTube(page);
  await page.goto('/results?q=closure');
  const result = card(page, seed.jsCourse.title);
  const moment = result.getByRole('link', { name: /0:15/ });
  await expect(moment).toContainText('A closure is a function that remembers');
  await expect(moment.locator('mark')).toHaveText('closure');
  await expect(moment).toHaveAttribute('href', `/watch/${seed.jsCourse.id}?t=15`);
  await moment.click();
  await expect(page).toHaveURL(new RegExp(`/watch/${seed.jsCourse.id}\\?t=15$`));
  await playerAttached(page);
  expect(new URL((await standIn(page))?.src ?? '').searchParams.get('start')).toBe('15');
});

test('/notes lists notes from every video, newest first, searches them and exports them all', async ({
  page,
}) => {
  await signedInUser(page);
  const add = (videoId: string, content: string, time: number) =>
    writeAsUser(page, 'POST', `/api/user/notes/${videoId}`, { note: { content, time } });
  expect((await add(seed.css.id, 'Grid places items in rows', 20)).status).toBe(201);
  expect((await add(seed.jsCourse.id, 'Closures remember their scope', 15)).status).toBe(201);
  expect((await add(seed.css.id, 'Flexbox is one axis', 16)).status).toBe(201);

  await page.reload();
  await page.getByRole('link', { name: 'Notes', exact: true }).first().click();
  await expect(page).toHaveURL(/\/notes$/);
  const groups = page.getByRole('heading', { level: 2 });
  await expect(groups).toHaveText([seed.css.title, seed.jsCourse.title]);
  const cssNotes = page.getByRole('list', { name: `Notes on ${seed.css.title}` });
  await expect(cssNotes.getByRole('listitem')).toHaveText([/Flexbox is one axis/, /Grid places/]);
  await expect(cssNotes.getByRole('link', { name: 'Play from 0:16' })).toHaveAttribute(
    'href',
    `/watch/${seed.css.id}?t=16`,
  );

  const search = page.getByRole('searchbox', { name: 'Search notes' });
  await search.fill('closures');
  await expect(groups).toHaveText([seed.jsCourse.title]);
  await search.fill('learn css');
  await expect(groups).toHaveText([seed.css.title]);
  await expect(cssNotes.getByRole('listitem')).toHaveCount(2);
  await search.fill('');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all notes' }).click();
  const markdown = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(markdown).toContain(seed.css.title);
  expect(markdown).toContain(seed.jsCourse.title);
  expect(markdown).toContain('Closures remember their scope');
  expect(markdown).toContain('Grid places items in rows');
});
