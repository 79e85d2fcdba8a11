import { type Page } from '@playwright/test';
import {
  card,
  expect,
  openWatchPage,
  seed,
  signedInUser,
  stopClock,
  stubExternalImages,
  test,
} from './support';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
/**
 * The Undo of the toast that says `text`: a toast whose Undo was pressed stays in the page for
 * its exit animation (a second), so a quick next step can find two Undo buttons.
 */
const undo = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text }).getByRole('button', { name: 'Undo' });

// Removals offer Undo in their success toast, beside product §8's text.
test('Undo brings back a deleted playlist with its videos, a deleted note and a removed video', async ({
  page,
}) => {
  // Time in the page is the test's while it presses Undo (stopClock): no toast closes first.
  await page.clock.install();
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await page.getByRole('button', { name: 'Save to playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to playlist' });
  await dialog.getByLabel('New playlist name').fill('Layouts');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('checkbox', { name: 'Layouts' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Layouts' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // A note, deleted and brought back.
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByLabel('Write a note').fill('Margins collapse');
  await notes.getByRole('button', { name: 'Save note' }).click();
  await expect(notes.getByText('Margins collapse')).toBeVisible();
  await stopClock(page);
  await notes.getByRole('button', { name: /Delete note/ }).click();
  await expect(toast(page, 'note deleted successfully.')).toBeVisible();
  await expect(notes.getByText('No note available.')).toBeVisible();
  await undo(page, 'note deleted successfully.').click();
  await expect(notes.getByText('Margins collapse')).toBeVisible();
  await page.clock.resume();

  // A playlist, deleted and made again with its video.
  await page.goto('/playlist');
  const playlists = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem');
  await expect(playlists).toHaveCount(1);
  await stopClock(page);
  await playlists.getByRole('button', { name: 'Delete playlist Layouts' }).click();
  await expect(toast(page, 'Playlist deleted successfully.')).toBeVisible();
  await expect(page.getByText('No playlists added yet.')).toBeVisible();
  await undo(page, 'Playlist deleted successfully.').click();
  await expect(playlists).toHaveCount(1);
  await expect(playlists.getByText('1 video')).toBeVisible();
  await page.clock.resume();
  await playlists.getByRole('link').click();
  await expect(card(page, seed.css.title)).toBeVisible();

  // A video taken out of the playlist, put back.
  await card(page, seed.css.title).getByRole('button', { name: 'More actions' }).click();
  await stopClock(page);
  await page.getByRole('menuitem', { name: 'Remove from Playlist' }).click();
  await expect(page.getByText('No videos in this playlist.')).toBeVisible();
  await undo(page, 'Video removed successfully.').click();
  await expect(card(page, seed.css.title)).toBeVisible();
  await page.clock.resume();

  // What Undo restored is on the server (or the mock's store), not only on screen.
  await page.reload();
  await expect(card(page, seed.css.title)).toBeVisible();
});

test("Undo of 'Remove from Playlist' puts the video back in its place, and the thumbnail with it", async ({
  page,
}) => {
  // A thumbnail that fails to load (no network here) is replaced: serve one, so it stays an image.
  await stubExternalImages(page);
  // Time in the page is the test's while it presses Undo (stopClock): the toast cannot close first.
  await page.clock.install();
  await signedInUser(page);
  const videos = [seed.html5, seed.css, seed.jsCourse];
  // A playlist of three videos, made through the API the page talks to.
  const playlistId = await page.evaluate(
    async (ids) => {
      const call = async (path: string, body: unknown) => {
        const response = await fetch(path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: localStorage.getItem('token') ?? '',
          },
          body: JSON.stringify(body),
        });
        return response.json();
      };
      const { playlists } = await call('/api/user/playlists', { playlist: { title: 'Basics' } });
      const id = playlists[0]._id as string;
      for (const _id of ids) await call(`/api/user/playlists/${id}`, { video: { _id } });
      return id;
    },
    videos.map((video) => video.id),
  );
  const titles = videos.map((video) => video.title);
  const cardTitles = page.getByRole('main').getByRole('listitem').getByRole('heading');

  await page.goto(`/playlist/${playlistId}`);
  await expect(cardTitles).toHaveText(titles);
  await card(page, seed.css.title).getByRole('button', { name: 'More actions' }).click();
  await stopClock(page);
  await page.getByRole('menuitem', { name: 'Remove from Playlist' }).click();
  await expect(cardTitles).toHaveText([seed.html5.title, seed.jsCourse.title]);
  await undo(page, 'Video removed successfully.').click();
  await expect(cardTitles).toHaveText(titles);
  await page.clock.resume();

  // Stored in that order too; the playlist's thumbnail is still its last video's.
  await page.reload();
  await expect(cardTitles).toHaveText(titles);
  await page.goto('/playlist');
  await expect(
    page.getByRole('list', { name: 'Playlists' }).getByRole('listitem').locator('img'),
  ).toHaveAttribute('src', new RegExp(seed.jsCourse.id));
});

test('from the keyboard: z undoes the newest removal, and a focused toast waits', async ({
  page,
}) => {
  // Time in the page is the test's: a toast shows until the test moves time on.
  await page.clock.install();
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  const notes = page.getByRole('region', { name: 'Notes' });
  for (const text of ['Grid first', 'Flex second']) {
    await notes.getByLabel('Write a note').fill(text);
    await notes.getByRole('button', { name: 'Save note' }).click();
    await expect(notes.getByText(text)).toBeVisible();
  }
  await stopClock(page);

  // z, away from any field, brings the note back.
  await notes
    .getByRole('button', { name: /Delete note/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'note deleted successfully.')).toBeVisible();
  await expect(notes.getByRole('button', { name: /Delete note/ })).toHaveCount(1);
  await page.keyboard.press('z');
  await expect(notes.getByRole('button', { name: /Delete note/ })).toHaveCount(2);
  // Its toast closed, and is gone a second later.
  await page.clock.runFor(1_000);
  await expect(toast(page, 'note deleted successfully.')).toBeHidden();

  // Typed into a field, z is a letter.
  await notes
    .getByRole('button', { name: /Delete note/ })
    .first()
    .click();
  await expect(notes.getByRole('button', { name: /Delete note/ })).toHaveCount(1);
  await notes.getByLabel('Write a note').fill('');
  await notes.getByLabel('Write a note').press('z');
  await expect(notes.getByLabel('Write a note')).toHaveValue('z');
  await expect(notes.getByRole('button', { name: /Delete note/ })).toHaveCount(1);

  // The focus in its Undo holds the toast past product §9's 2,000 ms.
  const button = undo(page, 'note deleted successfully.');
  await button.focus();
  // The pointer passing over it and away does not end the focus's hold.
  await button.hover();
  await page.mouse.move(0, 0);
  // Three seconds on: the toast, had nothing held it, would have closed and its Undo done nothing.
  await page.clock.runFor(3_000);
  await expect(button).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(notes.getByRole('button', { name: /Delete note/ })).toHaveCount(2);
});
