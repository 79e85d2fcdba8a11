import { type Page } from '@playwright/test';
import {
  card,
  cutBackend,
  expect,
  openWatchPage,
  seed,
  signedInUser,
  stopClock,
  storedHistory,
  stubExternalImages,
  test,
  writeAsUser,
  PAGE_ONLY,
} from './support';

// Issue 29: what a new user still tripped over (points 1, 3, 4, 5, 6 and 8).

const results = (page: Page) =>
  page.getByRole('list', { name: 'Search results' }).getByRole('listitem');

test.describe('a live search that finds nothing', () => {
  test('keeps the product text and offers the search of all videos, with its count', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search videos' });
    await search.fill('css');
    // The live filter stays case-sensitive (product §5): nothing has 'css' in lower case.
    await expect(page.getByText('No videos matched the search keyword.')).toBeVisible();
    // The way out, with the count the results page will show.
    const wayOut = page.getByRole('link', { name: 'Search all videos for “css” · 13 results' });
    await expect(wayOut).toBeVisible();
    await expect(wayOut).toHaveAttribute('href', '/results?q=css');
    await wayOut.click();
    await expect(page).toHaveURL(/\/results\?q=css$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “css”' })).toBeVisible();
    await expect(results(page)).toHaveCount(13);
  });

  test('on a phone too, and no way out is offered when all videos have nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/?search=react');
    await expect(page.getByText('No videos matched the search keyword.')).toBeVisible();
    const wayOut = page.getByRole('link', {
      name: /^Search all videos for “react” · \d+ results$/,
    });
    await expect(wayOut).toBeVisible();
    await wayOut.click();
    await expect(page).toHaveURL(/\/results\?q=react$/);
    await expect(results(page).first()).toBeVisible();

    await page.goto('/?search=xyzzy');
    await expect(page.getByText('No videos matched the search keyword.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse videos' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Search all videos/ })).toHaveCount(0);
  });
});

/**
 * YouTube's player API, stood in for (the test machines cannot reach it): the test sends state
 * changes through window.__player and reads what the page asked of the player.
 */
const fakePlayerApi = `
window.__player = { time: 0, events: null, calls: [], state: -1 };
window.YT = {
  PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 },
  Player: function (element, options) {
    window.__player.events = (options && options.events) || {};
    var player = window.__player;
    return {
      getCurrentTime: function () { return player.time; },
      getDuration: function () { return 600; },
      getPlayerState: function () { return player.state; },
      seekTo: function (seconds) { player.time = seconds; player.calls.push('seekTo ' + seconds); },
      playVideo: function () { player.state = 1; player.calls.push('playVideo'); },
      pauseVideo: function () { player.state = 2; player.calls.push('pauseVideo'); },
      setPlaybackRate: function () {},
      isMuted: function () { return false; },
      mute: function () { player.calls.push('mute'); },
      unMute: function () { player.calls.push('unMute'); },
      getVolume: function () { return 50; },
      setVolume: function (volume) { player.calls.push('setVolume ' + volume); },
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

/** The player says it plays (1) or is paused (2), as YouTube's would. */
const emitState = (page: Page, state: number) =>
  page.evaluate((data) => {
    const player = (
      window as unknown as {
        __player: { state: number; events: { onStateChange?: (event: { data: number }) => void } };
      }
    ).__player;
    player.state = data;
    player.events.onStateChange?.({ data });
  }, state);

/** Opens a video by its address (a shared link, a bookmark) and plays it. */
async function playByLink(page: Page, video: { id: string; title: string }) {
  await openWatchPage(page, video.id, video.title);
  await playerAttached(page);
  await emitState(page, 1);
}

test.describe('playing a video records it in the history', () => {
  test('a video opened by its link is in History once it plays', async ({ page }) => {
    await stubExternalImages(page);
    await standInForYouTube(page);
    await signedInUser(page);
    await playByLink(page, seed.css);
    await expect.poll(() => storedHistory(page)).toEqual([seed.css.id]);
    // Paused and played again in the same visit: still one entry.
    await emitState(page, 2);
    await emitState(page, 1);
    await page.getByRole('link', { name: 'History' }).click();
    const titles = page.getByRole('list', { name: 'Today' }).getByRole('heading', { level: 3 });
    await expect(titles).toHaveText([seed.css.title]);
    expect(await storedHistory(page)).toEqual([seed.css.id]);
  });

  test('a video watched again moves to the top, on every device, keeping its place', async ({
    page,
  }) => {
    await stubExternalImages(page);
    await standInForYouTube(page);
    await signedInUser(page);
    await playByLink(page, seed.css);
    await expect.poll(() => storedHistory(page)).toEqual([seed.css.id]);
    await playByLink(page, seed.html5);
    await expect.poll(() => storedHistory(page)).toEqual([seed.css.id, seed.html5.id]);
    expect(
      (await writeAsUser(page, 'POST', `/api/user/progress/${seed.css.id}`, { seconds: 131 }))
        .status,
    ).toBe(200);
    // The server's list is what every device shows.
    await playByLink(page, seed.css);
    await expect.poll(() => storedHistory(page)).toEqual([seed.html5.id, seed.css.id]);
    await page.getByRole('link', { name: 'History' }).click();
    const titles = page.getByRole('list', { name: 'Today' }).getByRole('heading', { level: 3 });
    await expect(titles).toHaveText([seed.css.title, seed.html5.title]);
    // The place to resume it stays.
    await page.getByRole('link', { name: 'Home' }).click();
    const resume = page.getByRole('list', { name: 'Continue watching' }).getByRole('listitem');
    await expect(resume.filter({ hasText: seed.css.title })).toContainText('Resume at 2:11');
  });
});

const OFFLINE = "You're offline. CodeTube can't reach its server.";

test.describe('the offline banner', () => {
  test('leaves by itself when the server is back, and the screen under it loads', async ({
    page,
  }, testInfo) => {
    await stubExternalImages(page);
    // The page's timers run as usual, until the test moves them on.
    await page.clock.install();
    await page.goto('/');
    await expect(card(page, seed.css.title)).toBeVisible();
    const reconnect = await cutBackend(page, testInfo.project.name);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Trending' })
      .click();
    const banner = page.getByRole('status').filter({ hasText: OFFLINE });
    await expect(banner).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();

    await reconnect();
    // No click, no reload, no browser online event: time passes (half a minute at a time, each
    // jump firing the timers then due, as a reader waiting would), until the banner leaves.
    await expect
      .poll(async () => {
        await page.clock.fastForward(30_000);
        return banner.isVisible();
      })
      .toBe(false);
    await expect(banner).toBeHidden();
    await expect(card(page, seed.css.title)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
  });

  for (const width of [320, 1280]) {
    test(
      `the error toast leaves the banner's Retry free at ${width} px`,
      PAGE_ONLY,
      async ({ page }, testInfo) => {
        await page.setViewportSize({ width, height: 800 });
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await stubExternalImages(page);
        await page.clock.install();
        await signedInUser(page);
        await openWatchPage(page, seed.css.id, seed.css.title);
        // The toast stays until the test is done with it (support.ts).
        await stopClock(page);
        await cutBackend(page, testInfo.project.name);
        await page.getByRole('button', { name: 'Like', exact: true }).click();
        const banner = page.getByRole('status').filter({ hasText: OFFLINE });
        const retry = banner.getByRole('button', { name: 'Retry' });
        await expect(retry).toBeVisible();
        // The toast's bar: the message and its icon (fading in, in place: reduced motion).
        const toast = page.getByText('Some error occured. Try Again.').locator('..');
        await expect(toast).toBeVisible();
        const [button, message] = await Promise.all([retry.boundingBox(), toast.boundingBox()]);
        expect(button && message).toBeTruthy();
        if (!button || !message) return;
        const overlaps =
          button.x < message.x + message.width &&
          message.x < button.x + button.width &&
          button.y < message.y + message.height &&
          message.y < button.y + button.height;
        expect(overlaps).toBe(false);
      },
    );
  }
});

test.describe('Back to a list', () => {
  test('puts the focus back on the card that was opened', async ({ page }) => {
    await stubExternalImages(page);
    await standInForYouTube(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Videos' }).getByRole('listitem');
    await expect(cards.nth(9)).toBeVisible();
    // The tenth card, opened from the keyboard.
    const opened = cards.nth(9).getByRole('link').first();
    const title = (await cards.nth(9).getByRole('heading').getAttribute('title')) ?? '';
    await opened.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    await page.goBack();
    await expect(opened).toBeFocused();
    // The next Tab goes on from that card (its channel, its menu), not from the top of the page.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => cards.nth(9).evaluate((card) => card.contains(document.activeElement)))
      .toBe(true);
  });

  test('on trending, and after a card opened by a click', async ({ page }) => {
    await stubExternalImages(page);
    await standInForYouTube(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/trending');
    const cards = page.getByRole('list', { name: 'Trending videos' }).getByRole('listitem');
    await expect(cards.nth(4)).toBeVisible();
    const opened = cards.nth(4).getByRole('link').first();
    await opened.click();
    await expect(page).toHaveURL(/\/watch\//);
    await page.goBack();
    await expect(opened).toBeFocused();
  });
});

test.describe('the player', () => {
  test("when the embed cannot load: the thumbnail and 'Open on YouTube'", async ({ page }) => {
    await stubExternalImages(page);
    // No YouTube at all: neither the embed nor its API load.
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.abort('internetdisconnected'),
    );
    await page.route('https://www.youtube.com/iframe_api', (route) =>
      route.abort('internetdisconnected'),
    );
    await openWatchPage(page, seed.css.id, seed.css.title);
    const open = page.getByRole('link', { name: 'Open on YouTube' });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute('href', `https://www.youtube.com/watch?v=${seed.css.id}`);
    await expect(page.getByRole('img', { name: seed.css.title })).toBeVisible();
  });

  test('a video YouTube will not embed shows the same way out', async ({ page }) => {
    await stubExternalImages(page);
    await standInForYouTube(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    await playerAttached(page);
    await expect(page.getByRole('link', { name: 'Open on YouTube' })).toHaveCount(0);
    // YouTube's error 150: the owner does not allow embedding.
    await page.evaluate(() => {
      const player = (
        window as unknown as {
          __player: { events: { onError?: (event: { data: number }) => void } };
        }
      ).__player;
      player.events.onError?.({ data: 150 });
    });
    await expect(page.getByRole('link', { name: 'Open on YouTube' })).toBeVisible();
  });

  test('times written in the description seek the player, as chapters do', async ({ page }) => {
    await stubExternalImages(page);
    await standInForYouTube(page);
    // A made-up lesson: its description lists times (e2e catalogue).
    await openWatchPage(page, 'gen-000001', 'HTML Crash Course #1');
    await playerAttached(page);
    const time = page.getByRole('link', { name: 'Play from 3:45' });
    await expect(time).toHaveText('3:45');
    await expect(time).toHaveAttribute('href', 'https://www.youtube.com/watch?v=gen-000001&t=225s');
    await time.click();
    await expect
      .poll(() =>
        page.evaluate(
          () => (window as unknown as { __player: { calls: string[] } }).__player.calls,
        ),
      )
      .toContain('seekTo 225');
    // The page stayed: the player moved.
    await expect(page).toHaveURL(/\/watch\/gen-000001$/);
  });
});

/** What the page asked of the stand-in player, in order. */
const playerCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __player: { calls: string[] } }).__player.calls);

const setPlayerTime = (page: Page, seconds: number) =>
  page.evaluate((value) => {
    (window as unknown as { __player: { time: number } }).__player.time = value;
  }, seconds);

test.describe("YouTube's keys on the watch page", () => {
  test(
    'k, Space, j, l and 0–9 steer the player whenever the focus is not in a text field',
    PAGE_ONLY,
    async ({ page }) => {
      await stubExternalImages(page);
      await standInForYouTube(page);
      await openWatchPage(page, seed.css.id, seed.css.title);
      await playerAttached(page);
      // The focus is on the page, not in the player.
      await page.keyboard.press('k');
      await expect.poll(() => playerCalls(page)).toEqual(['playVideo']);
      await page.keyboard.press(' ');
      await expect.poll(() => playerCalls(page)).toEqual(['playVideo', 'pauseVideo']);
      await setPlayerTime(page, 100);
      await page.keyboard.press('l');
      await expect.poll(() => playerCalls(page)).toContain('seekTo 110');
      await page.keyboard.press('j');
      await expect.poll(() => playerCalls(page)).toContain('seekTo 100');
      // 5: half way through the 10-minute video.
      await page.keyboard.press('5');
      await expect.poll(() => playerCalls(page)).toContain('seekTo 300');
      await page.keyboard.press('0');
      await expect.poll(() => playerCalls(page)).toContain('seekTo 0');
      // f: the player full screen.
      await page.keyboard.press('f');
      await expect
        .poll(() => page.evaluate(() => document.fullscreenElement?.tagName))
        .toBe('IFRAME');
      await page.evaluate(() => document.exitFullscreen());

      // A visitor's 'l' no longer goes to login.
      await expect(page).toHaveURL(new RegExp(`/watch/${seed.css.id}$`));
      const count = (await playerCalls(page)).length;
      // Typing in a field is typing.
      await page.getByRole('searchbox', { name: 'Search videos' }).fill('');
      await page.getByRole('searchbox', { name: 'Search videos' }).press('k');
      await page.getByRole('searchbox', { name: 'Search videos' }).press('5');
      await expect(page.getByRole('searchbox', { name: 'Search videos' })).toHaveValue('k5');
      expect(await playerCalls(page)).toHaveLength(count);
    },
  );

  test('Like moves to Shift+L, and the ? dialog lists the keys', PAGE_ONLY, async ({ page }) => {
    await stubExternalImages(page);
    await standInForYouTube(page);
    await signedInUser(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    await playerAttached(page);
    await page.keyboard.press('l');
    await expect.poll(() => playerCalls(page)).toContain('seekTo 10');
    await expect(page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
    await page.keyboard.press('Shift+L');
    await expect(page.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const [key, action] of [
      ['Shift + L', 'Like or unlike the video'],
      ['k or Space', 'Play or pause'],
      ['j', 'Back 10 seconds'],
      ['l', 'Forward 10 seconds'],
      ['f', 'Full screen'],
      ['0–9', 'Jump to 0–90% of the video'],
    ]) {
      await expect(help.getByRole('definition').filter({ hasText: action })).toBeVisible();
      await expect(help.getByRole('term').filter({ hasText: key }).first()).toBeVisible();
    }
  });
});
