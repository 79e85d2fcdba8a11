import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import type { MockBackend } from '../mock/mock-backend';
import { failWhen, postNote, renderInApp, signInWithSession, typeInto } from '../testing/signed-in';
import NotesPage from './notes-page';

const videoId = '1PnVor36_40';

const renderNotebook = () => renderInApp(<NotesPage />, '/notes');

describe('editing a note in the notebook (/notes)', () => {
  let backend: MockBackend;
  // The Markdown renderer is loaded lazily: loaded here first, a busy machine's import is no race.
  beforeAll(() => import('../features/notes/components/note-markdown'));
  beforeEach(async () => {
    backend = await signInWithSession();
  });
  afterEach(cleanup);

  /** The notebook with one note, and that note's list. */
  async function withNote(content: string) {
    await postNote(videoId, { content, time: 83 });
    renderNotebook();
    return within(await screen.findByRole('list', { name: /^Notes on / }));
  }

  it('edits a note with the watch page’s box: Preview, Write, Ctrl+Enter saves, the list shows it', async () => {
    const list = await withNote('Grid first');
    fireEvent.click(list.getByRole('button', { name: 'Edit note at 1:23: Grid first' }));
    const box = list.getByRole('textbox', { name: 'Edit note at 1:23: Grid first' });
    expect(document.activeElement).toBe(box);
    expect((box as HTMLTextAreaElement).value).toBe('Grid first');
    await typeInto(box, 'Grid **first**, then flex');

    fireEvent.click(list.getByRole('button', { name: 'Preview', pressed: false }));
    expect(box.hidden).toBe(true);
    expect((await list.findByText('first')).tagName).toBe('STRONG');
    fireEvent.click(list.getByRole('button', { name: 'Write' }));
    expect(document.activeElement).toBe(box);

    await act(async () => fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true }));
    await list.findByRole('button', { name: 'Edit note at 1:23: Grid first, then flex' });
    expect(list.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(list.getByRole('button', { name: /^Edit note/ }));
    const { data } = await api.call('GET /api/user/notes');
    expect(data.notes.map((note) => [note.content, note.time])).toEqual([
      ['Grid **first**, then flex', 83],
    ]);

    // A reload reads the edited note.
    cleanup();
    renderNotebook();
    const again = within(await screen.findByRole('list', { name: /^Notes on / }));
    expect((await again.findByText('first')).tagName).toBe('STRONG');
  });

  it('Escape cancels an edit, leaves the note as it was and gives the focus back to Edit', async () => {
    const list = await withNote('Margins collapse');
    fireEvent.click(list.getByRole('button', { name: /^Edit note/ }));
    await typeInto(list.getByRole('textbox', { name: /^Edit note/ }), 'Changed my mind');
    fireEvent.keyDown(list.getByRole('textbox'), { key: 'Escape' });
    expect(list.queryByRole('textbox')).toBeNull();
    expect(list.getByText('Margins collapse')).toBeTruthy();
    expect(document.activeElement).toBe(list.getByRole('button', { name: /^Edit note/ }));
  });

  it('keeps the edit box and its text when the save fails', async () => {
    const list = await withNote('Specificity wins');
    failWhen(backend, (request) => request.method === 'PATCH');
    fireEvent.click(list.getByRole('button', { name: /^Edit note/ }));
    await typeInto(list.getByRole('textbox'), 'Specificity wins, mostly');
    await act(async () => fireEvent.click(list.getByRole('button', { name: 'Save note' })));
    await waitFor(() =>
      expect(list.getByRole('button', { name: 'Save note' })).toHaveProperty('disabled', false),
    );
    expect((list.getByRole('textbox') as HTMLTextAreaElement).value).toBe(
      'Specificity wins, mostly',
    );
  });
});
