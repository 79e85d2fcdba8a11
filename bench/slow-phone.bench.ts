/**
 * `npm run bench -- slow-phone`: the first paint with real content on a slow phone's network
 * (2 s round trips, 400 kbps down and up, Chromium's own network throttling), server mode. Each
 * page is loaded as the server sends it (rendered with its data, decision 0025) and, as the
 * same-run baseline, as the app's shell the browser draws itself (what every page was before).
 * "Real content": the first video card, or the watch page's video, in the page's main region.
 */
import type { Browser } from '@playwright/test';
import { seedVideos } from '../src/api/seed/videos';
import { buildApp } from './lib/build';
import { launchChromium } from './lib/browser';
import { fmt, printGoal, printLine, printRatio } from './lib/report';
import { startBenchServer } from './lib/server';
import { median } from './lib/stats';

const PORTS = [3270, 3279] as const;
const GOAL_MS = 3000;
const RUNS = Number(process.env.SLOW_PHONE_RUNS ?? 3);
const PAGES = ['/', `/watch/${seedVideos[0]!._id}`];
/** The throttled phone of issue 27: 2 s latency, 400 kbps each way. */
const NETWORK = {
  offline: false,
  latency: 2000,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
};

type Variant = 'rendered' | 'shell';

/** Milliseconds from navigation to the first painted frame with a card (or the video) in main. */
async function contentPaint(browser: Browser, url: string, variant: Variant): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The hosts outside this server (thumbnails, player, avatars) are out of this machine's reach.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  if (variant === 'shell') {
    await page.route(
      (address) => address.hostname === '127.0.0.1',
      async (route) => {
        if (route.request().resourceType() !== 'document') return route.fallback();
        const response = await route.fetch();
        const body = (await response.text())
          .replace(' data-rendered=""', '')
          .replace(
            /<div id="root">[\s\S]*<\/div><script id="codetube-data" type="application\/json">[^<]*<\/script>/,
            '<div id="root"></div>',
          );
        return route.fulfill({ response, body, headers: { 'content-type': 'text/html' } });
      },
    );
  }
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', NETWORK);
  // Checked every frame from the document's start: the first frame that has it paints it. A
  // string: tsx would name a function's inner functions with a helper the page does not have.
  await page.addInitScript(`(() => {
    const check = () => {
      if (document.querySelector('main article')) window.contentAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`);
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const handle = await page.waitForFunction(
    () => (window as unknown as { contentAt?: number }).contentAt,
    undefined,
    { timeout: 120_000, polling: 100 },
  );
  const at = Number(await handle.jsonValue());
  await context.close();
  return at;
}

export async function run(): Promise<void> {
  const webDir = await buildApp('server');
  const server = await startBenchServer({ webDir, ports: PORTS });
  const browser = await launchChromium();
  try {
    printLine(
      `network: ${NETWORK.latency} ms latency, ${(NETWORK.downloadThroughput * 8) / 1000} kbps each way; ${RUNS} runs a page, medians`,
    );
    let passed = 0;
    for (const path of PAGES) {
      const times: Record<Variant, number[]> = { rendered: [], shell: [] };
      for (let round = 0; round < RUNS; round += 1) {
        for (const variant of ['rendered', 'shell'] as const) {
          times[variant].push(await contentPaint(browser, `${server.url}${path}`, variant));
        }
      }
      const rendered = median(times.rendered);
      const shell = median(times.shell);
      printLine(
        `${path}: rendered ${times.rendered.map((ms) => fmt(ms / 1000, 1)).join(', ')} s; shell ${times.shell.map((ms) => fmt(ms / 1000, 1)).join(', ')} s`,
      );
      if (
        printGoal(
          `${path} first paint with content, rendered`,
          rendered / 1000,
          GOAL_MS / 1000,
          'at-most',
          ' s',
          1,
        )
      ) {
        passed += 1;
      }
      printRatio(`${path} rendered / shell`, rendered / shell, `shell ${fmt(shell / 1000, 1)} s`);
    }
    printLine(`${passed} of ${PAGES.length} pages within ${GOAL_MS / 1000} s`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
