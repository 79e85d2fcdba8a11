import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, openWatchPage, PAGE_ONLY, seed, signedInUser, test } from './support';

/** YouTube's player API stood in for (as in player.spec.ts): seeks are recorded in __player. */
const fakePlayerApi = `
window.__player = { time: 0, seeks: [], events: null };
window.YT = {
  PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 },
  Player: function (element, options) {
    window.__player.events = (options && options.events) || {};
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

const seeks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __player: { seeks: number[] } }).__player.seeks);

async function saveNote(page: Page, text: string) {
  const panel = page.getByRole('region', { name: 'Notes' });
  await panel.getByLabel(/Write a note/).fill(text);
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();
  return panel.getByRole('list', { name: 'Your notes on this video' });
}

const codeNote = [
  'Loops start at 1:02:10, the recap is at 0:45.',
  '',
  '```js',
  'const total = items.length; // 0:30 is code, not a moment',
  '```',
].join('\n');

test(
  "a note's code is highlighted and copied; its typed moments seek the player",
  PAGE_ONLY,
  async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await standInForYouTube(page);
    await signedInUser(page);
    await openWatchPage(page, seed.jsCourse.id, seed.jsCourse.title);
    // The page's player is attached (the stand-in API saw a YT.Player made).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Boolean((window as { __player?: { events: unknown } }).__player?.events),
        ),
      )
      .toBe(true);
    const notes = await saveNote(page, codeNote);

    const code = notes.locator('pre code');
    await expect(code).toHaveText('const total = items.length; // 0:30 is code, not a moment');
    await expect(code.locator('.hljs-keyword')).toHaveText('const');
    await expect(code.locator('.hljs-comment')).toHaveText('// 0:30 is code, not a moment');
    expect(await code.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(
      /monospace/,
    );

    const copy = notes.getByRole('button', { name: 'Copy code' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await expect(notes.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      'const total = items.length; // 0:30 is code, not a moment',
    );

    await expect(notes.getByRole('link', { name: '0:30' })).toHaveCount(0);
    const moment = notes.getByRole('link', { name: '1:02:10', exact: true });
    await expect(moment).toHaveAttribute('href', `https://youtu.be/${seed.jsCourse.id}?t=3730`);
    await moment.click();
    await notes.getByRole('link', { name: '0:45', exact: true }).click();
    expect(await seeks(page)).toEqual([3730, 45]);
    await expect(page).toHaveURL(new RegExp(`/watch/${seed.jsCourse.id}$`));
  },
);

test(
  'raw HTML in a note is shown as text and never run; only web links are links',
  PAGE_ONLY,
  async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signedInUser(page);
    await openWatchPage(page, seed.css.id, seed.css.title);
    const notes = await saveNote(
      page,
      [
        'Tricky <img src=x onerror="window.__hit = 1; alert(1)"> image',
        '',
        '<script>window.__hit = 2; alert(2)</script>',
        '',
        '[bad link](javascript:alert(3)) and [MDN](https://developer.mozilla.org/)',
      ].join('\n'),
    );

    await expect(notes.getByText('<script>window.__hit = 2; alert(2)</script>')).toBeVisible();
    await expect(notes.getByText(/Tricky <img src=x onerror=/)).toBeVisible();
    await expect(notes.locator('img, script, iframe, [onerror]')).toHaveCount(0);

    await expect(notes.getByRole('link', { name: 'bad link' })).toHaveCount(0);
    await notes.getByText('bad link').click();
    const mdn = notes.getByRole('link', { name: 'MDN' });
    await expect(mdn).toHaveAttribute('href', 'https://developer.mozilla.org/');
    await expect(mdn).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(mdn).toHaveAttribute('target', '_blank');

    expect(await page.evaluate(() => (window as { __hit?: number }).__hit)).toBeUndefined();
    expect(dialogs).toEqual([]);
  },
);

test('a drawn note passes the WCAG AA checks in both themes', PAGE_ONLY, async ({ page }) => {
  // Two axe runs (colour contrast included) take 10-15 s each on a busy 2-core machine.
  test.setTimeout(120_000);
  await standInForYouTube(page);
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  const notes = await saveNote(
    page,
    `${codeNote}\n\n> Quoted, with \`inline code\` and a [link](https://example.com).`,
  );
  await expect(notes.locator('pre code .hljs-keyword')).toHaveText('const');
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => {
      localStorage.setItem('codetube:theme', value);
      document.documentElement.dataset.theme = value;
    }, theme);
    const results = await new AxeBuilder({ page })
      .include('[aria-label="Your notes on this video"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .options({ iframes: false })
      .analyze();
    expect({ theme, violations: results.violations.map((violation) => violation.id) }).toEqual({
      theme,
      violations: [],
    });
  }
});
