import { type Locator, type Page } from '@playwright/test';
import { MAX_PLAYLIST_TITLE_LENGTH } from '../src/contract/limits';
import { expect, openWatchPage, seed, signedInUser, slowCalls, test } from './support';

// On a slow connection a second click lands while the first call still runs: it must not send the
// same write twice (two notes, two playlists, a second DELETE that fails with a 404).
const LATENCY_MS = 400;
const ERROR_TOAST = 'Some error occured. Try Again.';

/** What the server (or the mock's store) holds, read with the signed-in user's token. */
async function read<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, {
      headers: { authorization: localStorage.getItem('token') ?? '' },
    });
    return response.json();
  }, path);
}

/** None now: not retried, as a retrying assertion would wait for a toast to time out. */
async function expectNone(locator: Locator) {
  expect(await locator.count()).toBe(0);
}

const playlistTitles = async (page: Page) =>
  (await read<{ playlists: { title: string }[] }>(page, '/api/user/playlists')).playlists.map(
    (playlist) => playlist.title,
  );

test('double-clicking Save note saves the note once', async ({ page }, { project }) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await slowCalls(page, project.name, LATENCY_MS);
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByLabel('Write a note').fill('Once only');
  await notes.getByRole('button', { name: 'Save note' }).dblclick();
  await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();
  await expect(notes.getByLabel('Write a note')).toHaveValue('');
  // Long enough for a second save, had one been sent, to land.
  await page.waitForTimeout(3 * LATENCY_MS);
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  const { notes: stored } = await read<{ notes: { content: string }[] }>(page, '/api/user/notes');
  expect(stored.map((note) => note.content)).toEqual(['Once only']);
});

test("double-clicking the save modal's Create makes one playlist", async ({ page }, {
  project,
}) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await slowCalls(page, project.name, LATENCY_MS);
  await page.getByRole('button', { name: 'Save to playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save to playlist' });
  await dialog.getByLabel('New playlist name').fill('Grids');
  await dialog.getByRole('button', { name: 'Create' }).dblclick();
  await expect(dialog.getByRole('checkbox', { name: 'Grids' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Grids' })).toBeEnabled();
  await page.waitForTimeout(3 * LATENCY_MS);
  await expect(dialog.getByRole('checkbox', { name: 'Grids' })).toHaveCount(1);
  expect(await playlistTitles(page)).toEqual(['Grids']);
});

test("double-clicking the playlist page's Create makes one playlist", async ({ page }, {
  project,
}) => {
  await signedInUser(page);
  await page.goto('/playlist');
  await expect(page.getByText('No playlists added yet.')).toBeVisible();
  await slowCalls(page, project.name, LATENCY_MS);
  await page.getByRole('button', { name: 'Create Playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
  await dialog.getByLabel('Playlist name').fill('Flexbox');
  await dialog.getByRole('button', { name: 'Create' }).dblclick();
  await expect(dialog).toBeHidden();
  await page.waitForTimeout(3 * LATENCY_MS);
  const playlists = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem');
  await expect(playlists).toHaveCount(1);
  expect(await playlistTitles(page)).toEqual(['Flexbox']);
});

test("double-clicking a playlist's trash button deletes it once, without an error", async ({
  page,
}, { project }) => {
  await signedInUser(page);
  await page.goto('/playlist');
  await page.getByRole('button', { name: 'Create Playlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Playlist' });
  await dialog.getByLabel('Playlist name').fill('Doomed');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await slowCalls(page, project.name, LATENCY_MS);
  await page.getByRole('button', { name: 'Delete playlist Doomed' }).dblclick();
  await expect(page.getByText('Playlist deleted successfully.', { exact: true })).toBeVisible();
  await expect(page.getByText('No playlists added yet.')).toBeVisible();
  await page.waitForTimeout(3 * LATENCY_MS);
  await expectNone(page.getByText(ERROR_TOAST, { exact: true }));
});

test('the playlist name boxes take no more than the API accepts', async ({ page }) => {
  await signedInUser(page);
  const tooLong = 'x'.repeat(MAX_PLAYLIST_TITLE_LENGTH + 20);
  const longest = 'x'.repeat(MAX_PLAYLIST_TITLE_LENGTH);

  await page.goto('/playlist');
  await page.getByRole('button', { name: 'Create Playlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Playlist' });
  await create.getByLabel('Playlist name').fill(tooLong);
  await expect(create.getByLabel('Playlist name')).toHaveValue(longest);
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Playlist created successfully!', { exact: true })).toBeVisible();
  await expectNone(page.getByText(ERROR_TOAST, { exact: true }));

  await openWatchPage(page, seed.css.id, seed.css.title);
  await page.getByRole('button', { name: 'Save to playlist' }).click();
  const save = page.getByRole('dialog', { name: 'Save to playlist' });
  await save.getByLabel('New playlist name').fill(tooLong);
  await expect(save.getByLabel('New playlist name')).toHaveValue(longest);
});
