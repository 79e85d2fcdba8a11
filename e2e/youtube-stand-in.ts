import { type Page } from '@playwright/test';
import { expect } from './support';

/**
 * YouTube's player API, stood in for (the test machines cannot reach it): the test reads the
 * player's callbacks through window.__player and sends it state changes.
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
      destroy: function () {},
    };
  },
};
if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady();
`;

export async function standInForYouTube(page: Page): Promise<void> {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: fakePlayerApi }),
  );
}

interface StandIn {
  __player?: {
    time: number;
    duration: number;
    events: { onStateChange?: (event: { data: number }) => void } | null;
  };
}

/** Forgets the open video's player: the next page's player is then the one a test talks to. */
export async function forgetPlayer(page: Page): Promise<void> {
  await page.evaluate(() => {
    const player = (window as StandIn).__player;
    if (player) Object.assign(player, { events: null, time: 0, duration: 0 });
  });
}

/** Waits for the open video's player, then has it play to its end (YouTube's ended state). */
export async function playToEnd(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Boolean((window as StandIn).__player?.events)))
    .toBe(true);
  await page.evaluate(() => {
    const player = (window as StandIn).__player!;
    player.time = 100;
    player.duration = 100;
    player.events?.onStateChange?.({ data: 0 });
  });
}
