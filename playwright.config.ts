import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// CHROME_PATH when set (another Chromium build); else Debian's Chromium where it is installed (CI
// and our machines, which cannot download browsers); elsewhere Playwright's own browser, if
// `npx playwright install` was run.
const systemChromium = '/usr/bin/chromium';
const executablePath =
  process.env.CHROME_PATH ?? (existsSync(systemChromium) ? systemChromium : undefined);

/**
 * Chromium's features turned off in the test browser. Playwright passes its own list in one
 * `--disable-features` switch, and Chromium keeps only the last such switch: this one repeats
 * Playwright's list (its chromiumSwitches, @playwright/test 1.65) and adds the omnibox popup's
 * WebUI, which Chromium 156 preloads into two extra renderers for every new window even
 * headless. Those renderers cost each test's context about 150 ms and share the two cores
 * with the app (three specs, both projects: 126-138 s with them, 101-105 s without; Chromium
 * 150, which has none, 99 s). e2e/test-browser.spec.ts checks none is left.
 */
const DISABLED_FEATURES = [
  // Playwright's
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // ours
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4173);
const SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 3100);
/** The `server` project's throwaway data folder (SQLite file and JWT secret), wiped before each run. */
const SERVER_DATA_DIR = 'data/e2e';
/**
 * Made-up videos after the six seed ones (100 in all): enough for paging, infinite scroll and
 * many categories, small enough to seed in a moment. e2e/support.ts describes what they hold.
 */
const EXTRA_VIDEOS = '94';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Every test passes first time: one that needs a retry waits for time, not for a state. Should
  // retries ever be turned on, a test that passed only on one fails the run all the same.
  retries: 0,
  failOnFlakyTests: true,
  workers: 2,
  // Two cores run two browsers and two servers, and a machine may be half as fast: give slow
  // moments room, not retries (a timeout bounds a wait for a state; it is never a wait itself).
  expect: { timeout: 10_000 },
  timeout: 120_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    ...devices['Desktop Chrome'],
    // A failed test keeps its trace (each action's DOM, network and console) and a screenshot of
    // where it stopped. Not the trace's film strip: screenshots of every frame of every test, kept
    // or not, took about a sixth of a spec's time on two cores (library.spec, mock: 77-93 s with
    // them, 67-72 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // Every test gets a fresh browser context, where the app's service worker would install and
    // precache the whole build (about fifty files) on the first page load: CPU that two cores
    // share with everything else, for a cache that test never uses. installable.spec.ts, which
    // tests that worker, allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
  projects: [
    // Every spec runs twice: against the serverless mock build and against the real server (but
    // for the tests tagged @page-only).
    {
      name: 'mock',
      use: { baseURL: `http://127.0.0.1:${MOCK_PORT}` },
    },
    {
      name: 'server',
      use: { baseURL: `http://127.0.0.1:${SERVER_PORT}` },
      // Tests of the page alone (e2e/support.ts PAGE_ONLY) would only repeat the mock project's.
      grepInvert: /@page-only/,
    },
  ],
  webServer: [
    {
      command: 'npm run start:mock',
      url: `http://127.0.0.1:${MOCK_PORT}`,
      env: { PORT: String(MOCK_PORT), VITE_MOCK_DELAY_MS: '0', VITE_SEED_VIDEOS: EXTRA_VIDEOS },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      // `npm start` (builds dist/web and dist/server when stale, then runs node on the bundle,
      // one worker per core) on a fresh SQLite database each run.
      command: `rm -rf ${SERVER_DATA_DIR} && npm start`,
      url: `http://127.0.0.1:${SERVER_PORT}/api/health`,
      env: {
        PORT: String(SERVER_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: SERVER_DATA_DIR,
        DATABASE_URL: `${SERVER_DATA_DIR}/codetube.sqlite`,
        SEED_VIDEOS: EXTRA_VIDEOS,
        // Every test signs its users up from 127.0.0.1 (20 an hour by default).
        SIGNUPS_PER_HOUR: '100000',
        // …and asks for many rendered pages from it (20 a minute by default).
        RENDERS_PER_MINUTE: '100000',
      },
      // Stopped the way a process manager would: SIGTERM, and the server closes its database.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});
