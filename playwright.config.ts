import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

// Debian's Chromium where it is installed (CI and our machines, which cannot download browsers);
// elsewhere Playwright's own browser, if `npx playwright install` was run.
const systemChromium = '/usr/bin/chromium';
const executablePath = existsSync(systemChromium) ? systemChromium : undefined;

const MOCK_PORT = Number(process.env.E2E_MOCK_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'mock',
      use: { baseURL: `http://127.0.0.1:${MOCK_PORT}` },
    },
  ],
  webServer: [
    {
      command: 'npm run start:mock',
      url: `http://127.0.0.1:${MOCK_PORT}`,
      env: { PORT: String(MOCK_PORT), VITE_MOCK_DELAY_MS: '0' },
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ],
});
