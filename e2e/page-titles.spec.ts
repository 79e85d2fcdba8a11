import { expect, openWatchPage, seed, signedInUser, test } from './support';

// Every page names the browser tab (and its history entry) after itself.
test('every page has its own document title', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Login - CodeTube');
  await page.getByRole('link', { name: 'Create New Account' }).click();
  await expect(page).toHaveTitle('Signup - CodeTube');

  await signedInUser(page);
  await expect(page).toHaveTitle('CodeTube');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const pages = [
    ['Trending', 'Trending - CodeTube'],
    ['History', 'History - CodeTube'],
    ['Liked Videos', 'Liked Videos - CodeTube'],
    ['Watch Later', 'Watch Later - CodeTube'],
    ['Home', 'CodeTube'],
    ['Playlist', 'Playlists - CodeTube'],
  ] as const;
  for (const [link, title] of pages) {
    await nav.getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveTitle(title);
  }
  await page.getByRole('button', { name: 'Create Playlist' }).click();
  await page.getByLabel('Playlist name').fill('Flexbox');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('link', { name: /Flexbox/ }).click();
  await expect(page).toHaveTitle('Flexbox - CodeTube');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveTitle('Profile - CodeTube');

  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(page).toHaveTitle(`${seed.css.title} - CodeTube`);
  // Back restores the previous page's title too.
  await page.goBack();
  await expect(page).toHaveTitle('Profile - CodeTube');

  await page.goto('/mock');
  await expect(page).toHaveTitle('Request tester - CodeTube');
});
