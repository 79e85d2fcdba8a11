import { type Page } from '@playwright/test';
import {
  card,
  expect,
  PAGE_ONLY,
  seedVideos,
  signedInUser,
  stubExternalImages,
  test,
  writeAsUser,
} from './support';

// A keyboard user who removes something keeps their place: the focus moves to the same control of
// the card now in its place (the next, else the one before), else to the empty state's heading.

const [first, second, third] = seedVideos as [
  (typeof seedVideos)[number],
  (typeof seedVideos)[number],
  (typeof seedVideos)[number],
];

const menuButton = (page: Page, title: string) =>
  page.getByRole('button', { name: `More actions for ${title}` });

/** Opens a card's menu and chooses `item`, all from the keyboard. */
async function chooseFromMenu(page: Page, title: string, item: string) {
  await menuButton(page, title).focus();
  await page.keyboard.press('Enter');
  const choice = page.getByRole('menuitem', { name: item });
  await expect(choice).toBeVisible();
  await choice.focus();
  await page.keyboard.press('Enter');
}

async function post(page: Page, path: string, body: unknown) {
  const answer = await writeAsUser(page, 'POST', path, body);
  expect(answer.status).toBe(201);
  return answer.body;
}

test.beforeEach(async ({ page }) => {
  await stubExternalImages(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInUser(page);
});

test(
  "'Remove from History' moves the focus to the next card, then the one before, then the empty state",
  PAGE_ONLY,
  async ({ page }) => {
    for (const video of [first, second, third]) await post(page, '/api/user/history', { video });
    await page.goto('/history');
    // Newest first.
    const titles = page.getByRole('region', { name: 'Today' }).getByRole('heading', { level: 3 });
    await expect(titles).toHaveText([third.title, second.title, first.title]);

    await chooseFromMenu(page, second.title, 'Remove from History');
    await expect(card(page, second.title)).toHaveCount(0);
    await expect(menuButton(page, first.title)).toBeFocused();

    await chooseFromMenu(page, first.title, 'Remove from History');
    await expect(card(page, first.title)).toHaveCount(0);
    await expect(menuButton(page, third.title)).toBeFocused();

    await chooseFromMenu(page, third.title, 'Remove from History');
    await expect(page.getByRole('heading', { name: 'No watch history yet' })).toBeFocused();
  },
);

test(
  "confirming 'Clear History' moves the focus to the empty state",
  PAGE_ONLY,
  async ({ page }) => {
    await post(page, '/api/user/history', { video: first });
    await page.goto('/history');
    await expect(card(page, first.title)).toBeVisible();
    await page.getByRole('button', { name: 'Clear History' }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('dialog', { name: 'Clear watch history?' });
    await confirm.getByRole('button', { name: 'Clear History' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'No watch history yet' })).toBeFocused();
  },
);

test("'Remove from Watch later' moves the focus to the next card", PAGE_ONLY, async ({ page }) => {
  for (const video of [first, second]) await post(page, '/api/user/watchlater', { video });
  await page.goto('/watch-later');
  await expect(card(page, second.title)).toBeVisible();
  const titles = await page.getByRole('heading', { level: 2 }).allTextContents();
  const [top, next] = titles.filter((title) => title === first.title || title === second.title);

  await chooseFromMenu(page, top!, 'Remove from Watch later');
  await expect(card(page, top!)).toHaveCount(0);
  await expect(menuButton(page, next!)).toBeFocused();
});

test(
  "'Remove from Playlist' moves the focus to the next card, and a deleted playlist's trash button to the next playlist's",
  PAGE_ONLY,
  async ({ page }) => {
    const made = (await post(page, '/api/user/playlists', { playlist: { title: 'Keep' } })) as {
      playlists: { _id: string; title: string }[];
    };
    await post(page, '/api/user/playlists', { playlist: { title: 'Drop' } });
    const id = made.playlists.find((playlist) => playlist.title === 'Keep')!._id;
    for (const video of [first, second]) await post(page, `/api/user/playlists/${id}`, { video });

    await page.goto(`/playlist/${id}`);
    await expect(card(page, second.title)).toBeVisible();
    await chooseFromMenu(page, first.title, 'Remove from Playlist');
    await expect(card(page, first.title)).toHaveCount(0);
    await expect(menuButton(page, second.title)).toBeFocused();

    await page.goto('/playlist');
    const trash = (name: string) => page.getByRole('button', { name: `Delete playlist ${name}` });
    await trash('Keep').focus();
    await page.keyboard.press('Enter');
    await expect(trash('Keep')).toHaveCount(0);
    await expect(trash('Drop')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'No playlists yet' })).toBeFocused();
  },
);
