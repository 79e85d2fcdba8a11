import { type Page } from '@playwright/test';
import {
  card,
  expect,
  openFromCard,
  openWatchPage,
  seed,
  signedInUser,
  stopClock,
  stubExternalImages,
  test,
} from './support';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

test.describe('likes', () => {
  test('Like adds, Liked removes, and /liked-videos follows', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/liked-videos');
    await expect(page.getByText('No videos added yet.')).toBeVisible();

    await openWatchPage(page, seed.css.id, seed.css.title);
    await page.getByRole('button', { name: 'Like' }).click();
    await expect(toast(page, 'Video added to liked list')).toBeVisible();
    const liked = page.getByRole('button', { name: 'Liked' });
    await expect(liked).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('link', { name: 'Liked Videos' }).click();
    await expect(card(page, seed.css.title)).toBeVisible();

    await openWatchPage(page, seed.css.id, seed.css.title);
    await page.getByRole('button', { name: 'Liked' }).click();
    await expect(toast(page, 'Video deleted from liked list.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await page.goto('/liked-videos');
    await expect(page.getByText('No videos added yet.')).toBeVisible();
  });

  test('a failed action toasts the generic error', async ({ page }) => {
    await signedInUser(page);
    await openWatchPage(page, seed.html5.id, seed.html5.title);
    await page.evaluate(() => localStorage.setItem('token', 'not-a-valid-token'));
    await page.getByRole('button', { name: 'Like' }).click();
    await expect(toast(page, 'Some error occured. Try Again.')).toBeVisible();
  });
});

test.describe('watch later', () => {
  test('save from the watch page, remove from the card menu', async ({ page }) => {
    await signedInUser(page);
    await openWatchPage(page, seed.jsCourse.id, seed.jsCourse.title);
    await page.getByRole('button', { name: 'Save to Watch later' }).click();
    await expect(toast(page, 'Video added to watch later')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from Watch later' })).toBeVisible();

    await page.getByRole('link', { name: 'Watch Later' }).click();
    const saved = card(page, seed.jsCourse.title);
    await saved.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Remove from Watch later' }).click();
    await expect(toast(page, 'Video deleted from watch later.')).toBeVisible();
    await expect(page.getByText('No videos added yet.')).toBeVisible();
  });

  test('save from a home card menu', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/');
    await card(page, seed.css.title).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Save to Watch later' }).click();
    await expect(toast(page, 'Video added to watch later')).toBeVisible();
    await page.goto('/watch-later');
    await expect(card(page, seed.css.title)).toBeVisible();
  });
});

test.describe('history', () => {
  test('opening from cards records history; remove one, then clear all', async ({ page }) => {
    // Time in the page is the test's while it presses Undo: the toast cannot close first.
    await page.clock.install();
    await signedInUser(page);
    await page.goto('/history');
    await expect(page.getByText('No history available.')).toBeVisible();

    // Each watch recorded before the next: in the order they were opened.
    await page.getByRole('link', { name: 'Home' }).click();
    await openFromCard(page, seed.css);
    await page.getByRole('link', { name: 'Home' }).click();
    await openFromCard(page, seed.html5);

    await page.getByRole('link', { name: 'History' }).click();
    // Newest first, under the day they were watched.
    const items = page.getByRole('list', { name: 'Today' }).getByRole('heading');
    await expect(items).toHaveText([seed.html5.title, seed.css.title]);

    await card(page, seed.css.title).getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Remove from History',
      'Save to Watch later',
      'Save to playlist',
    ]);
    await stopClock(page);
    await page.getByRole('menuitem', { name: 'Remove from History' }).click();
    await expect(toast(page, 'Video deleted from history.')).toBeVisible();
    await expect(items).toHaveText([seed.html5.title]);
    // Undo, beside product §8's text, puts it back (as the latest watched).
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(items).toHaveText([seed.css.title, seed.html5.title]);
    await page.clock.resume();
    await card(page, seed.css.title).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Remove from History' }).click();
    await expect(items).toHaveText([seed.html5.title]);

    await page.reload();
    await expect(items).toHaveText([seed.html5.title]);
    // Clearing asks first; Cancel keeps everything.
    await page.getByRole('button', { name: 'Clear History' }).click();
    const confirm = page.getByRole('dialog', { name: 'Clear watch history?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(items).toHaveText([seed.html5.title]);
    await page.getByRole('button', { name: 'Clear History' }).click();
    await stopClock(page);
    await confirm.getByRole('button', { name: 'Clear History' }).click();
    await expect(
      toast(page, 'Deleting the history...').or(toast(page, 'History has been cleared.')),
    ).toBeVisible();
    await expect(toast(page, 'History has been cleared.')).toBeVisible();
    await expect(page.getByText('No history available.')).toBeVisible();
  });

  test('opening a video already in history moves it to the end (shown first)', async ({ page }) => {
    await signedInUser(page);
    for (const video of [seed.css, seed.html5, seed.css]) {
      await page.goto('/');
      // Recorded before the next goto, which would cancel the card's call on its way.
      await openFromCard(page, video);
    }
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('list', { name: 'Today' }).getByRole('heading')).toHaveText([
      seed.css.title,
      seed.html5.title,
    ]);
  });
});

test.describe('playlists', () => {
  test('create on /playlist, save a video from the watch page, open, remove, delete', async ({
    page,
  }) => {
    await stubExternalImages(page);
    await signedInUser(page);
    await page.goto('/playlist');
    await expect(page.getByText('No playlists added yet.')).toBeVisible();

    const createButton = page.getByRole('button', { name: 'Create Playlist' });
    await createButton.click();
    const createDialog = page.getByRole('dialog', { name: 'Create Playlist' });
    await expect(createDialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(createDialog).toBeHidden();
    await expect(createButton).toBeFocused();

    await createButton.click();
    await createDialog.getByLabel('Playlist name').fill('Frontend basics');
    await createDialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Playlist created successfully!')).toBeVisible();
    const playlistCard = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem');
    await expect(playlistCard).toHaveCount(1);
    await expect(playlistCard.getByText('0 videos')).toBeVisible();

    await openWatchPage(page, seed.css.id, seed.css.title);
    await page.getByRole('button', { name: 'Save to playlist' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save to playlist' });
    const checkbox = saveDialog.getByRole('checkbox', { name: 'Frontend basics' });
    await checkbox.check();
    await expect(toast(page, 'Video added to playlist')).toBeVisible();
    await expect(checkbox).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(saveDialog).toBeHidden();

    await page.goto('/playlist');
    await expect(playlistCard.getByText('1 video')).toBeVisible();
    await expect(playlistCard.locator('img')).toHaveAttribute('src', /1PnVor36_40/);
    await playlistCard.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frontend basics (1 video)');
    await card(page, seed.css.title).getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Remove from Playlist',
      'Save to Watch later',
      'Save to playlist',
    ]);
    await page.getByRole('menuitem', { name: 'Remove from Playlist' }).click();
    await expect(toast(page, 'Video removed successfully.')).toBeVisible();
    await expect(page.getByText('No videos in this playlist.')).toBeVisible();

    await page.getByRole('link', { name: 'Playlist', exact: true }).click();
    await playlistCard.getByRole('button', { name: 'Delete playlist Frontend basics' }).click();
    await expect(toast(page, 'Playlist deleted successfully.')).toBeVisible();
    await expect(page.getByText('No playlists added yet.')).toBeVisible();
  });

  test('the save modal: Watch later on top, none yet, Create saves into the new playlist, newest first, toggles, Done', async ({
    page,
  }) => {
    await signedInUser(page);
    await page.goto('/');
    await card(page, seed.html5.title).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Save to playlist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save to playlist' });
    await expect(dialog.getByText('No playlist created.')).toBeVisible();
    const watchLater = dialog.getByRole('checkbox', { name: 'Watch later' });
    await expect(watchLater).not.toBeChecked();
    await watchLater.check();
    await expect(toast(page, 'Video added to watch later')).toBeVisible();
    await expect(watchLater).toBeChecked();

    const create = dialog.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('New playlist name').fill('   ');
    await expect(create).toBeDisabled();
    for (const name of ['First', 'Second']) {
      await dialog.getByLabel('New playlist name').fill(name);
      await create.click();
      // As on YouTube: the new playlist holds the video at once.
      await expect(dialog.getByRole('checkbox', { name })).toBeChecked();
      await expect(dialog.getByRole('checkbox', { name })).toBeEnabled();
    }
    const playlists = dialog.getByRole('list', { name: 'Playlists' });
    await expect(playlists.getByRole('checkbox')).toHaveCount(2);
    await expect(playlists.locator('label')).toHaveText(['Second', 'First']);
    const first = dialog.getByRole('checkbox', { name: 'First' });
    await first.uncheck();
    await expect(toast(page, 'Video removed successfully.')).toBeVisible();
    await expect(first).not.toBeChecked();
    await first.check();
    await expect(first).toBeChecked();
    await expect(first).toBeEnabled();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // What the modal did is what the lists hold.
    await page.goto('/playlist');
    const cards = page.getByRole('list', { name: 'Playlists' }).getByRole('listitem');
    await expect(cards.getByText('1 video')).toHaveCount(2);
    await page.getByRole('link', { name: 'Watch Later', exact: true }).click();
    await expect(card(page, seed.html5.title)).toBeVisible();

    // Unticking Watch later takes it off; clicking the backdrop closes the dialog.
    await page.goto('/');
    await card(page, seed.html5.title).getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Save to playlist' }).click();
    await expect(watchLater).toBeChecked();
    await watchLater.uncheck();
    // Settled (the call answered), not only ticked off on screen.
    await expect(watchLater).toBeEnabled();
    await expect(watchLater).not.toBeChecked();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
  });

  test('the playlist page modal lets a blank name through', async ({ page }) => {
    await signedInUser(page);
    await page.goto('/playlist');
    await page.getByRole('button', { name: 'Create Playlist' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Playlist created successfully!')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Playlists' }).getByRole('listitem')).toHaveCount(
      1,
    );
  });
});

test.describe('notes', () => {
  test('save, survive a reload, delete', async ({ page }) => {
    await signedInUser(page);
    await openWatchPage(page, seed.jsInBrowser.id, seed.jsInBrowser.title);
    const panel = page.getByRole('region', { name: 'Notes' });
    await expect(panel.getByText('No note available.')).toBeVisible();
    await panel.getByLabel('Write a note').fill('querySelector returns the first match');
    await panel.getByRole('button', { name: 'Save note' }).click();
    await expect(toast(page, 'Note saved successfully!')).toBeVisible();
    await expect(panel.getByText('querySelector returns the first match')).toBeVisible();
    await expect(panel.getByLabel('Write a note')).toHaveValue('');

    await page.reload();
    await expect(panel.getByText('querySelector returns the first match')).toBeVisible();
    await openWatchPage(page, seed.css.id, seed.css.title);
    await expect(panel.getByText('No note available.')).toBeVisible();

    await openWatchPage(page, seed.jsInBrowser.id, seed.jsInBrowser.title);
    await panel.getByRole('button', { name: /Delete note/ }).click();
    await expect(toast(page, 'note deleted successfully.')).toBeVisible();
    await expect(panel.getByText('No note available.')).toBeVisible();
  });
});

test.describe('profile', () => {
  test('shows first name, last name and email', async ({ page }) => {
    const user = await signedInUser(page);
    await page.getByRole('link', { name: 'Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByText(user.firstName, { exact: true })).toBeVisible();
    await expect(page.getByText(user.lastName, { exact: true })).toBeVisible();
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  });
});

/** A user route's status with the given token, from inside the page (mock or server). */
const statusWith = (page: Page, token: string) =>
  page.evaluate(async (value) => {
    const response = await fetch('/api/user/likes', { headers: { authorization: value } });
    return response.status;
  }, token);

test.describe('sessions', () => {
  test('Logout revokes the token on the server', async ({ page }) => {
    await signedInUser(page);
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    expect(await statusWith(page, token)).toBe(200);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(toast(page, "You're logged out successfully")).toBeVisible();
    await expect.poll(() => statusWith(page, token)).toBe(401);
  });

  test("'Log out everywhere' on the profile page ends every session", async ({ page }) => {
    const user = await signedInUser(page);
    const elsewhere = await page.evaluate(
      async (credentials) => {
        const response = await fetch('/api/auth/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
        });
        return ((await response.json()) as { encodedToken: string }).encodedToken;
      },
      { email: user.email, password: user.password },
    );
    expect(await statusWith(page, elsewhere)).toBe(200);
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(toast(page, "You're logged out on every device")).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    expect(await statusWith(page, elsewhere)).toBe(401);
  });
});

test('lists load after login and survive a reload', async ({ page }) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  await page.getByRole('button', { name: 'Like' }).click();
  await expect(toast(page, 'Video added to liked list')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Liked' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Like' })).toBeVisible();
});
