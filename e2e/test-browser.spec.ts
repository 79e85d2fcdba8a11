import { PAGE_ONLY, expect, test } from './support';

// The browser the tests run in does only the tests' work (playwright.config.ts DISABLED_FEATURES):
// no page of Chromium's own user interface beside the test's.
test(
  'the test browser runs no WebUI of its own beside the page',
  PAGE_ONLY,
  async ({ browser, page }) => {
    await page.setContent('<h1>Test</h1>');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets', { filter: [{}] });
    await session.detach();
    expect(targetInfos.filter((target) => target.type === 'browser_ui').map((t) => t.url)).toEqual(
      [],
    );
  },
);
