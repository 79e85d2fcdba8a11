import { type Page } from '@playwright/test';
import {
  expect,
  failCalls,
  logInAs,
  openWatchPage,
  seed,
  signedInUser,
  stopClock,
  test,
} from './support';

/**
 * Studying on the watch page (issue 30): the mini player while a note is written below the fold,
 * notes edited with a preview (on the watch page and in the notebook), and the note box's draft
 * kept through a reload and a failed save, and gone after a logout.
 */

/** YouTube stood in for (the test machines cannot reach it); answers the frame's loads it saw. */
async function standInForYouTube(page: Page): Promise<string[]> {
  const loads: string[] = [];
  await page.route('https://www.youtube-nocookie.com/**', (route) => {
    loads.push(route.request().url());
    return route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>player</title>',
    });
  });
  await page.route('https://www.youtube.com/iframe_api', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  return loads;
}

const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes' });
const noteBox = (page: Page) => notesPanel(page).getByRole('textbox', { name: /Write a note/ });
const closeMiniPlayer = (page: Page) => page.getByRole('button', { name: 'Close the mini player' });
const frame = (page: Page) => page.locator(`iframe[title="${seed.css.title}"]`);

/** Remembers the player's frame element, to tell later whether it is still the same one. */
const markFrame = (page: Page) =>
  frame(page).evaluate((element) => {
    (window as unknown as { __frame: Element }).__frame = element;
  });
const sameFrame = (page: Page) =>
  frame(page).evaluate(
    (element) => element === (window as unknown as { __frame: Element }).__frame,
  );

async function watchWithPlayer(page: Page) {
  const loads = await standInForYouTube(page);
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(frame(page)).toBeVisible();
  await expect.poll(() => loads.length).toBe(1);
  await markFrame(page);
  return loads;
}

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the mini player appears while a note is written below the fold, and closes', async ({
    page,
  }) => {
    const loads = await watchWithPlayer(page);
    await expect(closeMiniPlayer(page)).toBeHidden();
    // The box is far below the player: focusing it scrolls the player away.
    await noteBox(page).click();
    await expect(closeMiniPlayer(page)).toBeVisible();
    await expect(frame(page)).toBeInViewport({ ratio: 1 });
    const pinned = await frame(page).boundingBox();
    expect(pinned!.width).toBeLessThanOrEqual(161);
    await noteBox(page).pressSequentially('Flex');
    // Pinned by CSS: the same frame, never loaded again.
    expect(await sameFrame(page)).toBe(true);
    expect(loads).toHaveLength(1);

    // Escape closes it and leaves the focus in the box.
    await page.keyboard.press('Escape');
    await expect(closeMiniPlayer(page)).toBeHidden();
    await expect(noteBox(page)).toBeFocused();
    await expect(frame(page)).not.toBeInViewport();

    // Back at the player and down again: it comes back; its button closes it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(frame(page)).toBeInViewport();
    await noteBox(page).click();
    await expect(closeMiniPlayer(page)).toBeVisible();
    await closeMiniPlayer(page).click();
    await expect(closeMiniPlayer(page)).toBeHidden();
    await expect(noteBox(page)).toBeFocused();
    expect(await sameFrame(page)).toBe(true);
    expect(loads).toHaveLength(1);
  });
});

test('desktop: the mini player sits in the bottom right corner while a note is written', async ({
  page,
}) => {
  const loads = await watchWithPlayer(page);
  // Down to the notes, far enough for the player to leave the window.
  await noteBox(page).evaluate((box) =>
    window.scrollTo(0, box.getBoundingClientRect().top + window.scrollY - 200),
  );
  await expect(frame(page)).not.toBeInViewport();
  await noteBox(page).click();
  await expect(closeMiniPlayer(page)).toBeVisible();
  await expect(frame(page)).toBeInViewport({ ratio: 1 });
  const viewport = page.viewportSize()!;
  const pinned = (await frame(page).boundingBox())!;
  expect(pinned.x + pinned.width).toBeGreaterThan(viewport.width - 40);
  expect(pinned.y + pinned.height).toBeGreaterThan(viewport.height - 40);
  // Focus elsewhere on the page ends it.
  await page.getByRole('link', { name: 'CodeTube' }).focus();
  await expect(closeMiniPlayer(page)).toBeHidden();
  expect(await sameFrame(page)).toBe(true);
  expect(loads).toHaveLength(1);
});

test('a note is edited with a preview and Ctrl+Enter, and kept after a reload', async ({
  page,
}) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await noteBox(page).fill('Grid first');
  await noteBox(page).press('Control+Enter');
  await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();
  const list = notesPanel(page).getByRole('list', { name: 'Your notes on this video' });
  await expect(list.getByText('Grid first')).toBeVisible();
  await expect(noteBox(page)).toHaveValue('');

  const edit = list.getByRole('button', { name: /^Edit note.*: Grid first$/ });
  await edit.click();
  const editBox = list.getByRole('textbox', { name: /^Edit note/ });
  await expect(editBox).toBeFocused();
  await editBox.fill('Grid **first**, then flex');
  await list.getByRole('button', { name: 'Preview' }).click();
  await expect(list.locator('strong', { hasText: 'first' })).toBeVisible();
  await list.getByRole('button', { name: 'Write' }).click();
  await expect(editBox).toBeFocused();
  await editBox.press('Control+Enter');
  await expect(
    list.getByRole('button', { name: /^Edit note.*: Grid first, then flex$/ }),
  ).toBeFocused();

  // Escape leaves an edit as it was.
  await page.keyboard.press('Enter');
  await list.getByRole('textbox', { name: /^Edit note/ }).fill('Not this');
  await page.keyboard.press('Escape');
  await expect(list.getByRole('textbox')).toHaveCount(0);
  await expect(list.getByRole('button', { name: /^Edit note/ })).toBeFocused();

  await page.reload();
  await expect(list.locator('strong', { hasText: 'first' })).toBeVisible();
  await expect(list.getByText('Not this')).toBeHidden();
});

/**
 * Answers the page's dialogs, all through one listener set before the first can come (a listener
 * swapped between dialogs leaves moments when a dialog meets none, or the one meant for another).
 * `beforeunload` (a reload or page.goto from a page with an unsaved draft) is always answered
 * Leave; a `confirm` takes the next answer the test queued (`answerNext`), and one nobody
 * expected is dismissed and noted. `seen` lists each, in turn: `beforeunload`, `confirm: yes`.
 */
function answerDialogs(page: Page) {
  const seen: string[] = [];
  const answers: boolean[] = [];
  page.on('dialog', (dialog) => {
    if (dialog.type() === 'beforeunload') {
      seen.push('beforeunload');
      void dialog.accept();
      return;
    }
    const yes = answers.shift();
    seen.push(`${dialog.type()}: ${yes === undefined ? 'unexpected' : yes ? 'yes' : 'no'}`);
    void (yes ? dialog.accept() : dialog.dismiss());
  });
  return { seen, answerNext: (yes: boolean) => answers.push(yes) };
}

/** The texts of the note drafts kept in this browser's storage (note-drafts.ts's keys). */
const keptDraftTexts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('codetube:note-draft:'))
      .map((key) => (JSON.parse(localStorage.getItem(key)!) as { text: string }).text),
  );

/** A signed-in user on the CSS video's watch page, 'Half a thought' typed in the note box and kept. */
async function halfAThought(page: Page): Promise<void> {
  // Toasts stay while the test reads them (stopClock), however slow the machine.
  await page.clock.install();
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await noteBox(page).click();
  await noteBox(page).pressSequentially('Half a thought');
  // What a reload or another screen brings back is what was stored: the test waits for it.
  await expect.poll(() => keptDraftTexts(page)).toEqual(['Half a thought']);
}

test('the note box keeps its draft after a reload and a failed save', async ({
  page,
}, testInfo) => {
  const dialogs = answerDialogs(page);
  await halfAThought(page);
  await page.reload();
  expect(dialogs.seen).toEqual(['beforeunload']);
  await expect(noteBox(page)).toHaveValue('Half a thought');

  // A save that fails keeps it, through another reload too.
  const recover = await failCalls(page, testInfo.project.name, [
    { method: 'POST', path: '/api/user/notes/{videoId}' },
  ]);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(noteBox(page)).toHaveValue('Half a thought');
  await stopClock(page);
  await noteBox(page).press('Control+Enter');
  await expect(page.getByText('Some error occured. Try Again.')).toBeVisible();
  await page.clock.resume();
  await expect(noteBox(page)).toHaveValue('Half a thought');
  expect(await keptDraftTexts(page)).toEqual(['Half a thought']);
  await recover();
  await page.reload();
  await expect(noteBox(page)).toHaveValue('Half a thought');
  expect(dialogs.seen.filter((seen) => seen.endsWith('unexpected'))).toEqual([]);
});

test('the note box asks before leaving its draft, and not once it is saved', async ({ page }) => {
  const dialogs = answerDialogs(page);
  await halfAThought(page);

  // An in-app link asks first: No stays, Yes goes.
  dialogs.answerNext(false);
  await page.getByRole('link', { name: 'CodeTube' }).click();
  await expect.poll(() => dialogs.seen.at(-1)).toBe('confirm: no');
  await expect(page).toHaveURL(new RegExp(`/watch/${seed.css.id}$`));
  dialogs.answerNext(true);
  await page.getByRole('link', { name: 'CodeTube' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(dialogs.seen.at(-1)).toBe('confirm: yes');

  // Back on the watch page (in the app), the draft came with it. Saved at last: the draft is
  // gone, and leaving asks nothing.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await expect(noteBox(page)).toHaveValue('Half a thought');
  await stopClock(page);
  await noteBox(page).press('Control+Enter');
  await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();
  await page.clock.resume();
  await expect(noteBox(page)).toHaveValue('');
  await expect.poll(() => keptDraftTexts(page)).toEqual([]);
  await page.reload();
  await expect(notesPanel(page).getByText('Half a thought')).toBeVisible();
  await expect(noteBox(page)).toHaveValue('');
  // The two links' questions, and nothing more: the reload did not ask.
  expect(dialogs.seen).toEqual(['confirm: no', 'confirm: yes']);
});

/** The note drafts kept in this browser's storage (note-drafts.ts's keys). */
const keptDrafts = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('codetube:note-draft:')),
  );

test('a draft stays while signed in and is gone after a logout, for the next person', async ({
  page,
}) => {
  const user = await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await noteBox(page).click();
  await noteBox(page).pressSequentially('Private thought');
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(noteBox(page)).toHaveValue('Private thought');
  expect(await keptDrafts(page)).toHaveLength(1);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
  expect(await keptDrafts(page)).toEqual([]);

  await logInAs(page, user);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(noteBox(page)).toHaveValue('');
});

test('a note is edited in the notebook (/notes) with the same box, and kept after a reload', async ({
  page,
}) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await noteBox(page).fill('Grid first');
  await noteBox(page).press('Control+Enter');
  await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();

  await page.goto('/notes');
  const list = page.getByRole('list', { name: `Notes on ${seed.css.title}` });
  await list.getByRole('button', { name: /^Edit note.*: Grid first$/ }).click();
  const editBox = list.getByRole('textbox', { name: /^Edit note/ });
  await expect(editBox).toBeFocused();
  await editBox.fill('Grid **first**, then flex');
  await list.getByRole('button', { name: 'Preview' }).click();
  await expect(list.locator('strong', { hasText: 'first' })).toBeVisible();
  await list.getByRole('button', { name: 'Write' }).click();
  await editBox.press('Control+Enter');
  await expect(
    list.getByRole('button', { name: /^Edit note.*: Grid first, then flex$/ }),
  ).toBeFocused();

  // Escape leaves an edit as it was, the focus back on Edit.
  await page.keyboard.press('Enter');
  await list.getByRole('textbox', { name: /^Edit note/ }).fill('Not this');
  await page.keyboard.press('Escape');
  await expect(list.getByRole('textbox')).toHaveCount(0);
  await expect(list.getByRole('button', { name: /^Edit note/ })).toBeFocused();

  await page.reload();
  await expect(list.locator('strong', { hasText: 'first' })).toBeVisible();
  await expect(list.getByText('Not this')).toBeHidden();
});
