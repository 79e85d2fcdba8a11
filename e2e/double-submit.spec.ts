import { expect, test, type Page } from '@playwright/test';
import { openWatchPage, seed, signedInUser, slowCalls } from './support';

// On a slow connection a second click lands while the first call still runs: it must not send the
// same write twice (two notes, two playlists, a second DELETE that fails with a 404).
const LATENCY_MS = 400;

/** What the server (or the mock's store) holds, read with the signed-in user's token. */
async function read<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, {
      headers: { authorization: localStorage.getItem('token') ?? '' },
    });
    return response.json();
  }, path);
}

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
