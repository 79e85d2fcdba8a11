import { readFile } from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { card, expect, openWatchPage, PAGE_ONLY, seed, signedInUser, test } from './support';

/**
 * YouTube cannot be reached from the test machines, so its player API is stood in for by a small
 * script with the same surface (YT.Player, getCurrentTime, seekTo, state events) that the test
 * steers through window.__player.
 */
const fakePlayerApi = `
window.__player = { time: 0, seeks: [], events: null };
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

async function standInForYouTube(page: Page) {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakePlayerApi }),
  );
}

async function playerAttached(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __player?: { events: unknown } }).__player?.events)),
    )
    .toBe(true);
}

const setTime = (page: Page, seconds: number) =>
  page.evaluate((value) => {
    (window as unknown as { __player: { time: number } }).__player.time = value;
  }, seconds);

const emitState = (page: Page, state: number) =>
  page.evaluate((data) => {
    const player = (
      window as unknown as {
        __player: { events: { onStateChange?: (event: { data: number }) => void } };
      }
    ).__player;
    player.events.onStateChange?.({ data });
  }, state);

test(
  'a note started with n records the player time; its link seeks; the export links it',
  PAGE_ONLY,
  async ({ page }) => {
    await standInForYouTube(page);
    await signedInUser(page);
    await openWatchPage(page, seed.jsCourse.id, seed.jsCourse.title);
    await playerAttached(page);
    await setTime(page, 125.4);

    await page.keyboard.press('n');
    const panel = page.getByRole('region', { name: 'Notes' });
    await expect(panel.getByText('at 2:05')).toBeVisible();
    await setTime(page, 300);
    await panel.getByLabel(/Write a note/).fill('Arrays start here');
    await panel.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();

    const link = panel.getByRole('link', { name: 'Play from 2:05' });
    await expect(link).toHaveAttribute('href', `https://youtu.be/${seed.jsCourse.id}?t=125`);
    await link.click();
    expect(
      await page.evaluate(
        () => (window as unknown as { __player: { seeks: number[] } }).__player.seeks,
      ),
    ).toEqual([125]);
    await expect(page).toHaveURL(new RegExp(`/watch/${seed.jsCourse.id}$`));

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export notes' }).click();
    const markdown = await readFile((await (await download).path()) ?? '', 'utf8');
    expect(markdown).toContain(`[2:05](https://youtu.be/${seed.jsCourse.id}?t=125)`);
    expect(markdown).toContain('Arrays start here');
  },
);

test(
  'without a player (no network) notes still save, just untimed',
  PAGE_ONLY,
  async ({ page }) => {
    await page.route('https://www.youtube.com/iframe_api', (route) => route.abort());
    await signedInUser(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    await page.keyboard.press('n');
    const panel = page.getByRole('region', { name: 'Notes' });
    await panel.getByLabel(/Write a note/).fill('box-sizing: border-box');
    await panel.getByRole('button', { name: 'Save note' }).click();
    await expect(panel.getByText('box-sizing: border-box')).toBeVisible();
    await expect(panel.getByRole('link', { name: /Play from/ })).toHaveCount(0);
  },
);

test(
  'the position is saved, offered under Continue watching, and resumed',
  PAGE_ONLY,
  async ({ page }) => {
    await standInForYouTube(page);
    await signedInUser(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    await playerAttached(page);
    await setTime(page, 200);
    await emitState(page, 2);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const response = await fetch('/api/user/progress', {
            headers: { authorization: localStorage.getItem('token') ?? '' },
          });
          return ((await response.json()) as { progress: { seconds: number }[] }).progress;
        }),
      )
      .toEqual([expect.objectContaining({ seconds: 200 })]);

    await page.goto('/');
    const row = page.getByRole('list', { name: 'Continue watching' });
    await expect(row.getByRole('heading', { name: seed.css.title })).toBeVisible();
    await expect(row.getByText('Resume at 3:20')).toBeVisible();

    await page.reload();
    await expect(row.getByText('Resume at 3:20')).toBeVisible();
    await card(page, seed.css.title).first().getByRole('link').first().click();
    await expect(page.getByText(/Resuming at 3:20/)).toBeVisible();
    await expect(page.locator('iframe')).toHaveAttribute('src', /[?&]start=200(&|$)/);

    await playerAttached(page);
    await emitState(page, 0);
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('list', { name: 'Continue watching' })).toHaveCount(0);
  },
);
