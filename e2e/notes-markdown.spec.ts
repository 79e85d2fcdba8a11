import { readFile } from 'node:fs/promises';
import { createUser, expect, logInAs, openWatchPage, seed, signedInUser, test } from './support';

const code = ['Grid in one line:', '', '```css', '.grid { display: grid; }', '```'].join('\n');

test('notes export as Markdown and import back without duplicates', async ({ page }) => {
  await signedInUser(page);
  await openWatchPage(page, seed.css.id, seed.css.title);
  const panel = page.getByRole('region', { name: 'Notes' });
  await panel.getByLabel('Write a note').fill(code);
  await panel.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByText('Note saved successfully!', { exact: true })).toBeVisible();

  const videoDownload = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export notes' }).click();
  const perVideo = await videoDownload;
  expect(perVideo.suggestedFilename()).toBe(`codetube-notes-${seed.css.id}.md`);
  const videoMarkdown = await readFile((await perVideo.path()) ?? '', 'utf8');
  expect(videoMarkdown).toContain(`## ${seed.css.title}`);
  expect(videoMarkdown).toContain(`https://youtu.be/${seed.css.id}`);
  expect(videoMarkdown).toContain(code);

  await page.goto('/profile');
  const allDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export all notes' }).click();
  const file = await (await allDownload).path();
  const markdown = await readFile(file ?? '', 'utf8');

  const input = page.getByLabel('Import notes');
  await input.setInputFiles({
    name: 'notes.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from(markdown),
  });
  await expect(page.getByText('Imported 0 notes; 1 already there.')).toBeVisible();

  const other = await createUser(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await logInAs(page, other);
  await page.goto('/profile');
  await page
    .getByLabel('Import notes')
    .setInputFiles({ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from(markdown) });
  await expect(page.getByText('Imported 1 note; 0 already there.')).toBeVisible();
  await openWatchPage(page, seed.css.id, seed.css.title);
  await expect(panel.getByText('Grid in one line:')).toBeVisible();
  await expect(panel.getByText('.grid { display: grid; }')).toBeVisible();
});
