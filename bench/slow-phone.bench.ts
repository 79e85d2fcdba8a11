/**
 * `npm run bench -- slow-phone`: the first paint with real content on a slow phone's network
 * (2 s round trips, 400 kbps down and up, Chromium's own network throttling), server mode. Each
 * page is loaded as the server sends it (rendered with its data, its code asked for at low
 * priority: decision 0025), and as two same-run baselines: `eager`, the same page with its code at
 * the default priority, and `shell`, the app's shell the browser draws itself (what every page was
 * before). All three go through the same local proxy (bench/lib/page-proxy.ts), so each crosses
 * the throttled network alike. "Real content": the first video card, or the watch page's video,
 * in the page's main region. "Working": that content hydrated (the app's own, clickable).
 */
import type { Browser } from '@playwright/test';
import { seedVideos } from '../src/api/seed/videos';
import { linkedCode, shellOf } from '../src/server/seo/page-code';
import { buildApp } from './lib/build';
import { launchChromium } from './lib/browser';
import { fmt, printGoal, printLine, printRatio } from './lib/report';
import { startPageProxy } from './lib/page-proxy';
import { startBenchServer } from './lib/server';
import { median } from './lib/stats';

const PORTS = [3270, 3279] as const;
const PROXY_PORTS = [3280, 3289] as const;
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

const VARIANTS = ['rendered', 'eager', 'shell'] as const;
type Variant = (typeof VARIANTS)[number];

interface Times {
  /** Milliseconds from navigation to the first painted frame with a card (or the video) in main. */
  paint: number;
  /** Milliseconds to the first frame where that content is the app's own (hydrated). */
  working: number;
}

async function contentPaint(browser: Browser, url: string): Promise<Times> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The hosts outside this server (thumbnails, player, avatars) are out of this machine's reach.
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', NETWORK);
  // Checked every frame from the document's start: the first frame that has it paints it. A
  // string: tsx would name a function's inner functions with a helper the page does not have.
  await page.addInitScript(`(() => {
    const check = () => {
      const content = document.querySelector('main article');
      if (content && window.paintAt === undefined) window.paintAt = performance.now();
      if (content && !document.documentElement.hasAttribute('data-rendered')) {
        window.workingAt = performance.now();
      } else {
        requestAnimationFrame(check);
      }
    };
    requestAnimationFrame(check);
  })()`);
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const handle = await page.waitForFunction(
    () => {
      const times = window as unknown as { paintAt?: number; workingAt?: number };
      return times.workingAt === undefined ? false : [times.paintAt!, times.workingAt];
    },
    undefined,
    { timeout: 180_000, polling: 100 },
  );
  const [paint, working] = (await handle.jsonValue()) as [number, number];
  await context.close();
  return { paint, working };
}

const seconds = (times: number[]) => times.map((ms) => fmt(ms / 1000, 1)).join(', ');

export async function run(): Promise<void> {
  // SLOW_PHONE_WEB_DIR audits a given build (with its renderer beside it) instead of a fresh one.
  const webDir = process.env.SLOW_PHONE_WEB_DIR ?? (await buildApp('server'));
  const server = await startBenchServer({ webDir, ports: PORTS });
  const browser = await launchChromium();
  // Every variant through a proxy of its own, the same way: only the page's text differs.
  const rewrites: Record<Variant, (html: string) => string> = {
    rendered: (html) => html,
    eager: linkedCode,
    shell: shellOf,
  };
  const proxies = {} as Record<Variant, { url: string; stop: () => Promise<void> }>;
  for (const variant of VARIANTS) {
    proxies[variant] = await startPageProxy(server.url, rewrites[variant], PROXY_PORTS);
  }
  try {
    printLine(
      `network: ${NETWORK.latency} ms latency, ${(NETWORK.downloadThroughput * 8) / 1000} kbps each way; ${RUNS} runs a page, medians`,
    );
    let passed = 0;
    for (const path of PAGES) {
      const times = Object.fromEntries(
        VARIANTS.map((variant) => [variant, [] as Times[]]),
      ) as Record<Variant, Times[]>;
      for (let round = 0; round < RUNS; round += 1) {
        for (const variant of VARIANTS) {
          times[variant].push(await contentPaint(browser, `${proxies[variant].url}${path}`));
        }
      }
      const paint = (variant: Variant) => median(times[variant].map((time) => time.paint));
      const working = (variant: Variant) => median(times[variant].map((time) => time.working));
      for (const variant of VARIANTS) {
        printLine(
          `${path} ${variant}: content painted ${seconds(times[variant].map((time) => time.paint))} s; working ${seconds(times[variant].map((time) => time.working))} s`,
        );
      }
      if (
        printGoal(
          `${path} first paint with content, rendered`,
          paint('rendered') / 1000,
          GOAL_MS / 1000,
          'at-most',
          ' s',
          1,
        )
      ) {
        passed += 1;
      }
      printRatio(
        `${path} first paint, rendered / shell`,
        paint('rendered') / paint('shell'),
        `shell ${fmt(paint('shell') / 1000, 1)} s`,
      );
      printRatio(
        `${path} first paint, rendered / eager`,
        paint('rendered') / paint('eager'),
        `eager ${fmt(paint('eager') / 1000, 1)} s`,
      );
      printRatio(
        `${path} working, rendered / eager`,
        working('rendered') / working('eager'),
        `rendered ${fmt(working('rendered') / 1000, 1)} s, eager ${fmt(working('eager') / 1000, 1)} s, shell ${fmt(working('shell') / 1000, 1)} s`,
      );
    }
    printLine(`${passed} of ${PAGES.length} pages within ${GOAL_MS / 1000} s`);
  } finally {
    await browser.close();
    for (const proxy of Object.values(proxies)) await proxy.stop();
    await server.stop();
  }
}
