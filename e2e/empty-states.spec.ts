import { expect, failCalls, signedInUser, test } from './support';

// Empty and error states with a picture, a heading and a way on.
test('empty lists show a heading, their message and the way to videos', async ({ page }) => {
  await signedInUser(page);
  const screens = [
    ['/liked-videos', 'No liked videos yet', 'No videos added yet.'],
    ['/history', 'No watch history yet', 'No history available.'],
    ['/watch-later', 'Nothing saved for later', 'No videos added yet.'],
    ['/playlist', 'No playlists yet', 'No playlists added yet.'],
    ['/?search=xyzzy', 'No matching videos', 'No videos matched the search keyword.'],
    ['/results?q=xyzzy%20plugh', 'No results', 'No results for “xyzzy plugh”'],
  ] as const;
  for (const [path, heading, message] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse videos' })).toHaveAttribute('href', '/');
  }
  await page.getByRole('link', { name: 'Browse videos' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('list', { name: 'Videos' })).toBeVisible();
});

test("a list that fails to load shows an error state with the server's message", async ({
  page,
}, testInfo) => {
  await signedInUser(page);
  await failCalls(page, testInfo.project.name, [{ method: 'GET', path: '/api/user/likes' }], {
    status: 503,
  });
  await page.goto('/liked-videos');
  await expect(page.getByRole('heading', { level: 2, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Service Unavailable');
  await expect(page.getByRole('link', { name: 'Browse videos' })).toBeVisible();
});

test('a catalogue list whose first page failed with an HTTP error loads again on Try again', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const screen of [
    { path: '/', call: '/api/videos', list: 'Videos' },
    { path: '/trending', call: '/api/videos/trending', list: 'Trending videos' },
  ]) {
    const recover = await failCalls(
      page,
      testInfo.project.name,
      [{ method: 'GET', path: screen.call }],
      { status: 503 },
    );
    await page.goto(screen.path);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Something went wrong' }),
    ).toBeVisible();
    // The server's message (these answers carry the status text as their message).
    await expect(page.getByRole('alert')).toHaveText('Service Unavailable');
    await recover();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('list', { name: screen.list }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${screen.path.replace('/', '\\/')}$`));
  }
});
