import type { Page } from '@playwright/test';
import { buildApp } from './lib/build';
import { launchChromium, serveBuild } from './lib/browser';
import { fmt, printGoal, printLine, printRatio } from './lib/report';
import { median } from './lib/stats';

const PORTS = [4520, 4529] as const;
const GOAL_MS = 50;
/** The seed's own videos; the rest of a catalogue is made up (VITE_SEED_VIDEOS). */
const SEED_VIDEOS = 6;
/** The catalogue size typed into (BROWSER_SEARCH_VIDEOS, 10,000 by default). */
const VIDEOS = Number(process.env.BROWSER_SEARCH_VIDEOS ?? 10_000);
/** Narrow to 'Node' one key at a time, then back to the whole catalogue. */
const KEYS = ['N', 'o', 'd', 'e', 'Backspace', 'Backspace', 'Backspace', 'Backspace'];
/** The grid counts as updated once its DOM has been quiet this long after a keystroke. */
const QUIET_MS = 300;

interface KeyFigure {
  key: string;
  /** keydown → the frame after the grid's last DOM change (or the first frame, if none). */
  ms: number;
  /** Whether the grid's DOM changed at all (an unchanged result list leaves it alone). */
  changed: boolean;
  domNodes: number;
  cards: number;
}

/**
 * Runs in the page. Timestamps each keydown and the end of the first frame after it (as INP
 * does: a render done inside the input event delays that frame), and for every DOM change under
 * <main> (where the grid lives, not the top bar's input) the end of the frame after it, for work
 * deferred past the event. rAF runs just before paint; a task queued from it runs once the frame
 * is done. (No named inner functions: tsx would wrap them in a helper the page lacks.)
 */
function installProbe() {
  const probe = { key: 0, firstFrame: 0, last: 0, painted: 0 };
  Object.assign(window, { __searchProbe: probe });
  document.addEventListener(
    'keydown',
    (event) => {
      probe.key = event.timeStamp;
      probe.firstFrame = 0;
      probe.last = 0;
      probe.painted = 0;
      requestAnimationFrame(() => setTimeout(() => (probe.firstFrame = performance.now())));
    },
    true,
  );
  new MutationObserver(() => {
    probe.last = performance.now();
    requestAnimationFrame(() => setTimeout(() => (probe.painted = performance.now())));
  }).observe(document.querySelector('main') ?? document.body, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

interface Probe {
  key: number;
  firstFrame: number;
  last: number;
  painted: number;
}

async function measureKeys(page: Page): Promise<KeyFigure[]> {
  const figures: KeyFigure[] = [];
  const search = page.getByRole('searchbox', { name: 'Search videos' }).first();
  await search.click();
  for (const key of KEYS) {
    await page.keyboard.press(key);
    // Wait for the DOM to settle (or, when nothing changes, give up after a second).
    await page.waitForFunction(
      (quiet) => {
        const probe = (window as unknown as { __searchProbe: Probe }).__searchProbe;
        const now = performance.now();
        if (probe.firstFrame === 0) return false;
        if (probe.last === 0) return now - probe.firstFrame > quiet;
        return probe.painted >= probe.last && now - probe.last > quiet;
      },
      QUIET_MS,
      { polling: 50, timeout: 30_000 },
    );
    const result = await page.evaluate(() => {
      const probe = (window as unknown as { __searchProbe: Probe }).__searchProbe;
      return {
        ms: Math.max(probe.firstFrame, probe.painted) - probe.key,
        changed: probe.last !== 0,
        domNodes: document.querySelectorAll('*').length,
        cards: document.querySelectorAll('main li').length,
      };
    });
    figures.push({ key, ...result });
  }
  return figures;
}

/** Opens `/` of a mock build, waits for the grid, then types; returns the figures per key. */
async function typeInto(root: string) {
  const site = await serveBuild(root, PORTS);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const started = performance.now();
    await page.goto(`${site.url}/`);
    await page.getByRole('list', { name: 'Videos' }).waitFor();
    const gridMs = performance.now() - started;
    await page.waitForLoadState('networkidle');
    await page.evaluate(installProbe);
    const loaded = await page.evaluate(() => ({
      domNodes: document.querySelectorAll('*').length,
      cards: document.querySelectorAll('main li').length,
    }));
    return { gridMs, loaded, keys: await measureKeys(page) };
  } finally {
    await browser.close();
    await site.close();
  }
}

function printRun(label: string, run: Awaited<ReturnType<typeof typeInto>>) {
  printLine(
    `${label}: grid shown ${fmt(run.gridMs, 0)} ms after navigation; ` +
      `${run.loaded.cards} cards, ${run.loaded.domNodes} DOM nodes`,
  );
  for (const { key, ms, domNodes, cards } of run.keys) {
    printLine(
      `${label}: ${key.padEnd(9)} ${fmt(ms, 1).padStart(7)} ms → ${cards} cards, ${domNodes} DOM nodes`,
    );
  }
  const times = run.keys.map((key) => key.ms).filter(Number.isFinite);
  return { median: median(times), max: Math.max(...times) };
}

/**
 * Mock mode with a `videos`-video catalogue (VITE_SEED_VIDEOS) against the 6-video seed as the
 * same-run baseline: keystroke in the top-bar search → the grid updated and painted. The
 * catalogue bench runs it with 100,000.
 */
export async function measureMockSearch(videos: number): Promise<void> {
  const env = { VITE_MOCK_DELAY_MS: '0' };
  const big = await typeInto(
    await buildApp('mock', { ...env, VITE_SEED_VIDEOS: String(videos - SEED_VIDEOS) }),
  );
  const small = await typeInto(await buildApp('mock', env));
  const baseline = printRun(`${SEED_VIDEOS} videos`, small);
  const name = `${videos.toLocaleString('en')} videos`;
  const large = printRun(name, big);
  printGoal('keystroke → results, median', large.median, GOAL_MS, 'at-most', ' ms', 1);
  printGoal('keystroke → results, worst key', large.max, GOAL_MS, 'at-most', ' ms', 1);
  printRatio(
    `median vs the ${SEED_VIDEOS}-video baseline`,
    large.median / baseline.median,
    `${fmt(large.median, 1)} ms / ${fmt(baseline.median, 1)} ms`,
  );
  printLine(`DOM nodes with the whole ${name} catalogue shown: ${big.loaded.domNodes}`);
}

/** `npm run bench -- browser-search`: 10,000 videos unless BROWSER_SEARCH_VIDEOS says otherwise. */
export async function run(): Promise<void> {
  await measureMockSearch(VIDEOS);
}
