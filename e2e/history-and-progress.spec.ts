import { type Page } from '@playwright/test';
import {
  card,
  expect,
  openWatchPage,
  seed,
  signedInUser,
  stopClock,
  stubExternalImages,
  test,
  writeAsUser,
} from './support';

// History by day (decision 0013) with a search; 'Continue watching' with a progress bar,
// a way to remove a video from it, and a row that keeps its place while it loads.

/**
 * YouTube's player API, stood in for (the test machines cannot reach it): the test sets the time
 * and the video's length through window.__player and sends state changes.
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

/** Opens a video, plays it to `seconds` of `duration` (0: length unknown) and pauses. */
const ENDED = 0;
const PAUSED = 2;

/** Waits for the open video's player, then has it report a position and a state change. */
async function playerReports(page: Page, seconds: number, duration: number, state: number) {
  await expect
    .poll(() =>
      page.evaluate(() => Boolean((window as { __player?: { events: unknown } }).__player?.events)),
    )
    .toBe(true);
  await page.evaluate(
    ([time, length, data]) => {
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
      player.events.onStateChange?.({ data });
    },
    [seconds, duration, state] as const,
  );
}

async function watchPart(
  page: Page,
  video: { id: string; title: string },
  seconds: number,
  duration: number,
) {
  await openWatchPage(page, video.id, video.title);
  await playerReports(page, seconds, duration, PAUSED);
  await expect
    .poll(() => progressOf(page).then((items) => items.map((item) => item.videoId)))
    .toContain(video.id);
}

/** Saves a position through the API, as the watch page does. */
async function savePosition(page: Page, videoId: string, body: object) {
  const status = await page.evaluate(
    async ([id, payload]) => {
      const response = await fetch(`/api/user/progress/${id}`, {
        method: 'POST',
        headers: {
          authorization: localStorage.getItem('token') ?? '',
          'content-type': 'application/json',
        },
        body: JSON.stringify(payload),
      });
      return response.status;
    },
    [videoId, body] as const,
  );
  expect(status).toBe(200);
}

function progressOf(page: Page) {
  return page.evaluate(async () => {
    const response = await fetch('/api/user/progress', {
      headers: { authorization: localStorage.getItem('token') ?? '' },
    });
    return (
      (await response.json()) as {
        progress: { videoId: string; seconds: number; duration?: number }[];
      }
    ).progress;
  });
}

test('history: newest first under Today, and a search that filters it', async ({ page }) => {
  await stubExternalImages(page);
  await signedInUser(page);
  for (const video of [seed.css, seed.html5]) {
    await page.getByRole('link', { name: 'Home' }).click();
    await card(page, video.title).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: video.title })).toBeVisible();
  }
  await page.getByRole('link', { name: 'History' }).click();

  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByRole('heading', { level: 2, name: 'Today' })).toBeVisible();
  const titles = page.getByRole('list', { name: 'Today' }).getByRole('heading', { level: 3 });
  await expect(titles).toHaveText([seed.html5.title, seed.css.title]);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Today']);

  // Title or channel, any case.
  const search = page.getByLabel('Search history');
  await search.fill('learn CSS');
  await expect(titles).toHaveText([seed.css.title]);
  await search.fill('TANAY');
  await expect(titles).toHaveText([seed.html5.title]);

  await search.fill('quantum knitting');
  await expect(page.getByRole('heading', { name: 'No matching videos' })).toBeVisible();
  await expect(page.getByText('Nothing in your history matches “quantum knitting”.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Today' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toHaveValue('');
  await expect(titles).toHaveText([seed.html5.title, seed.css.title]);
});

test('Continue watching and every card show how much of a video was watched', async ({ page }) => {
  await stubExternalImages(page);
  await standInForYouTube(page);
  await signedInUser(page);
  await watchPart(page, seed.css, 200, 800);
  await watchPart(page, seed.html5, 30, 0);

  await page.getByRole('link', { name: 'Home' }).click();
  const row = page.getByRole('list', { name: 'Continue watching' });
  const bar = row.getByRole('progressbar', { name: `${seed.css.title}: watched` });
  await expect(bar).toHaveAttribute('aria-valuenow', '25');
  await expect(bar).toHaveAttribute('aria-valuetext', '25% watched');
  const barBox = await bar.boundingBox();
  expect(barBox && barBox.width > 100 && barBox.height > 2).toBe(true);
  // The player did not know the length: no bar.
  const htmlCard = row.getByRole('listitem').filter({ hasText: seed.html5.title });
  await expect(htmlCard.getByText('Resume at 0:30')).toBeVisible();
  await expect(htmlCard.getByRole('progressbar')).toHaveCount(0);

  // Every card of the video shows it, a search result's too.
  const search = page.getByRole('searchbox', { name: 'Search videos' });
  await search.fill('Learn CSS in 20');
  await search.press('Enter');
  const result = page.getByRole('article').filter({ hasText: seed.css.title });
  await expect(
    result.getByRole('progressbar', { name: `${seed.css.title}: watched` }),
  ).toHaveAttribute('aria-valuenow', '25');
});

test('a video watched to its end leaves Continue watching, shows watched on its cards and starts again', async ({
  page,
}) => {
  await stubExternalImages(page);
  await standInForYouTube(page);
  await signedInUser(page);
  await watchPart(page, seed.html5, 30, 600);
  await watchPart(page, seed.css, 200, 800);
  // The next visit resumes; this time the video plays to its end (YouTube's ended state).
  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(page.getByText('Resuming at 3:20')).toBeVisible();
  await playerReports(page, 800, 800, ENDED);
  // Kept at its end, not forgotten.
  await expect
    .poll(() =>
      progressOf(page).then((items) => items.find((item) => item.videoId === seed.css.id)),
    )
    .toMatchObject({ seconds: 800, duration: 800 });

  await page.goto('/');
  const row = page.getByRole('list', { name: 'Continue watching' });
  await expect(row.getByRole('heading')).toHaveText([seed.html5.title]);
  const search = page.getByRole('searchbox', { name: 'Search videos' });
  await search.fill('Learn CSS in 20');
  await search.press('Enter');
  const result = page.getByRole('article').filter({ hasText: seed.css.title });
  await expect(
    result.getByRole('progressbar', { name: `${seed.css.title}: watched` }),
  ).toHaveAttribute('aria-valuenow', '100');
  // Opened again, it starts from the beginning.
  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(page.locator('iframe[title]').first()).toHaveAttribute('src', /autoplay=1/);
  await expect(page.locator('iframe[title]').first()).not.toHaveAttribute('src', /start=/);
  await expect(page.getByText(/Resuming at/)).toHaveCount(0);
});

test('removing a video from Continue watching lasts after a reload', async ({ page }) => {
  await stubExternalImages(page);
  await signedInUser(page);
  await savePosition(page, seed.html5.id, { seconds: 30, duration: 300 });
  await savePosition(page, seed.css.id, { seconds: 200, duration: 800 });
  await page.reload();
  const row = page.getByRole('list', { name: 'Continue watching' });
  await expect(row.getByRole('heading', { level: 3 })).toHaveText([
    seed.css.title,
    seed.html5.title,
  ]);

  // By keyboard: the button names the video; the focus moves on to the next card's button.
  await row
    .getByRole('button', { name: `Remove ${seed.css.title} from Continue watching` })
    .focus();
  await page.keyboard.press('Enter');
  await expect(row.getByRole('heading', { level: 3 })).toHaveText([seed.html5.title]);
  const removeHtml = row.getByRole('button', {
    name: `Remove ${seed.html5.title} from Continue watching`,
  });
  await expect(removeHtml).toBeFocused();
  await expect.poll(() => progressOf(page).then((items) => items.length)).toBe(1);

  await page.reload();
  await expect(row.getByRole('heading', { level: 3 })).toHaveText([seed.html5.title]);
  await removeHtml.click();
  await expect(page.getByRole('region', { name: 'Continue watching' })).toHaveCount(0);
  await expect.poll(() => progressOf(page)).toEqual([]);
  await page.reload();
  await expect(card(page, seed.css.title).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue watching' })).toHaveCount(0);
});

test('Continue watching keeps its height while it loads', async ({ page }, testInfo) => {
  await stubExternalImages(page);
  await signedInUser(page);
  await savePosition(page, seed.css.id, { seconds: 120, duration: 600 });
  await page.reload();
  const section = page.getByRole('region', { name: 'Continue watching' });
  await expect(section.getByRole('progressbar')).toBeVisible();

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  if (testInfo.project.name === 'mock') {
    await page.evaluate(() => localStorage.setItem('codetube:mock-delay', '3000'));
  } else {
    await page.route('**/api/user/progress', async (route) => {
      await released;
      await route.continue();
    });
  }
  await page.reload();
  const placeholder = section.getByRole('status');
  await expect(placeholder).toBeVisible();
  const chips = page.getByRole('button', { name: 'All', exact: true });
  const before = await section.boundingBox();
  const chipsBefore = await chips.boundingBox();
  release();
  await expect(section.getByRole('progressbar')).toBeVisible({ timeout: 15_000 });
  await expect(placeholder).toHaveCount(0);
  const after = await section.boundingBox();
  expect(before && after).toBeTruthy();
  expect(Math.abs((after?.height ?? 0) - (before?.height ?? -1))).toBeLessThan(1);
  // What follows the row stays where it was.
  if (chipsBefore) {
    expect(Math.abs(((await chips.boundingBox())?.y ?? 0) - chipsBefore.y)).toBeLessThan(1);
  }
});

test('a video that leaves the history leaves Continue watching; Undo brings both back', async ({
  page,
}) => {
  // Time in the page is the test's while it presses Undo (stopClock): the toast cannot close first.
  await page.clock.install();
  await stubExternalImages(page);
  await signedInUser(page);
  for (const video of [seed.html5, seed.css]) {
    const { status } = await writeAsUser(page, 'POST', '/api/user/history', {
      video: { _id: video.id },
    });
    expect(status).toBe(201);
    await savePosition(page, video.id, { seconds: 60, duration: 600 });
  }
  const resumable = () =>
    progressOf(page).then((items) => items.map((item) => item.videoId).sort());

  await page.goto('/history');
  await card(page, seed.css.title).getByRole('button', { name: 'More actions' }).click();
  await stopClock(page);
  await page.getByRole('menuitem', { name: 'Remove from History' }).click();
  await expect.poll(resumable).toEqual([seed.html5.id]);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(resumable).toEqual([seed.html5.id, seed.css.id].sort());
  await page.clock.resume();

  await page.getByRole('button', { name: 'Clear History' }).click();
  await page
    .getByRole('dialog', { name: 'Clear watch history?' })
    .getByRole('button', { name: 'Clear History' })
    .click();
  await expect(page.getByText('No history available.')).toBeVisible();
  await expect.poll(resumable).toEqual([]);
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(card(page, seed.css.title).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Continue watching' })).toHaveCount(0);
});
