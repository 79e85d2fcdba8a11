import { type Page } from '@playwright/test';
import { expect, failCalls, likeVideo, openWatchPage, seed, signedInUser, test } from './support';

// The watch page while the signed-in user's lists load, and when some of them fail to.

const likeButton = (page: Page) => page.getByRole('button', { name: 'Like', exact: true });
const likedButton = (page: Page) => page.getByRole('button', { name: 'Liked', exact: true });
const watchLaterButton = (page: Page) =>
  page.getByRole('button', { name: 'Save to Watch later', exact: true });
const notesPanel = (page: Page) => page.getByRole('region', { name: 'Notes' });

test('a list that fails to load says so where it is used, with Try again; the others show', async ({
  page,
}, testInfo) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  // Answered before the page is opened again: a goto would cancel the like on its way.
  await likeVideo(page);
  await notesPanel(page)
    .getByRole('textbox', { name: /Write a note/ })
    .fill('Specificity wins');
  await notesPanel(page).getByRole('button', { name: 'Save note' }).click();
  await expect(notesPanel(page).getByText('Specificity wins')).toBeVisible();

  const recover = await failCalls(page, testInfo.project.name, [
    { method: 'GET', path: '/api/user/notes' },
    { method: 'GET', path: '/api/user/watchlater' },
  ]);
  await openWatchPage(page, seed.css.id, seed.css.title);
  // The likes loaded: Liked shows as before.
  await expect(likedButton(page)).toBeEnabled();
  const notesFailure = notesPanel(page).getByRole('alert');
  await expect(notesFailure).toContainText('Your notes could not be loaded.');
  await expect(notesPanel(page).getByText('No note available.')).toBeHidden();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your Watch later list could not be loaded.' }),
  ).toBeVisible();
  // Whether the video is saved for later is not known: the button waits.
  await expect(watchLaterButton(page)).toBeDisabled();

  await recover();
  await notesFailure.getByRole('button', { name: 'Try again' }).click();
  await expect(notesPanel(page).getByText('Specificity wins')).toBeVisible();
  await expect(watchLaterButton(page)).toBeEnabled();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be loaded' })).toHaveCount(0);
  await expect(likedButton(page)).toBeVisible();
});

test('until the lists are in, Like and Watch later wait and the notes say they are loading', async ({
  page,
}, testInfo) => {
  // The in-page backend can slow every call alike, not hold the lists alone.
  test.skip(testInfo.project.name === 'mock', 'the server project holds the calls on their way');
  await signedInUser(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/api/user/'),
    async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.fallback();
    },
  );
  await page.goto(`/watch/${seed.css.id}`);
  await expect(page.getByRole('heading', { level: 1, name: seed.css.title })).toBeVisible();
  await expect(likeButton(page)).toBeDisabled();
  await expect(likeButton(page)).toHaveAttribute('aria-busy', 'true');
  await expect(watchLaterButton(page)).toBeDisabled();
  await expect(notesPanel(page).getByRole('status')).toHaveText('Loading notes…');
  await expect(notesPanel(page).getByText('No note available.')).toBeHidden();

  release();
  await expect(likeButton(page)).toBeEnabled();
  await expect(likeButton(page)).toHaveAttribute('aria-busy', 'false');
  await expect(watchLaterButton(page)).toBeEnabled();
  await expect(notesPanel(page).getByText('No note available.')).toBeVisible();
  await likeButton(page).click();
  await expect(likedButton(page)).toBeVisible();
});
