import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, setTransport } from '../../../lib/api-client';
import type { MockBackend } from '../../../mock/mock-backend';
import {
  failWhen,
  postNote,
  renderInApp,
  signInWithSession,
  typeInto,
} from '../../../testing/signed-in';
import { noteDraftKey } from '../note-drafts';
import { NotesPanel } from './notes-panel';

const videoId = '1PnVor36_40';
const draftKey = noteDraftKey('u1', videoId);

const renderPanel = () => renderInApp(<NotesPanel videoId={videoId} />);

const newNoteBox = () => screen.getByRole('textbox', { name: /Write a note/ });
const notesList = () => screen.findByRole('list', { name: 'Your notes on this video' });

describe('writing and editing notes', () => {
  let backend: MockBackend;
  // The Markdown renderer is loaded lazily: loaded here first, a busy machine's import is no race.
  beforeAll(() => import('./note-markdown'));
  beforeEach(async () => {
    backend = await signInWithSession();
  });
  afterEach(cleanup);

  async function withNote(content: string) {
    await postNote(videoId, { content });
    renderPanel();
    return within(await notesList());
  }

  it('edits a note: Edit focuses its box, Ctrl+Enter saves, the focus goes back to Edit', async () => {
    const list = await withNote('Grid first');
    fireEvent.click(list.getByRole('button', { name: 'Edit note: Grid first' }));
    const box = list.getByRole('textbox', { name: 'Edit note: Grid first' });
    expect(document.activeElement).toBe(box);
    expect((box as HTMLTextAreaElement).value).toBe('Grid first');
    await typeInto(box, 'Grid *first*, then flex');
    await act(async () => fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true }));

    await list.findByRole('button', { name: 'Edit note: Grid first, then flex' });
    expect(list.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(list.getByRole('button', { name: /^Edit note/ }));
    const { data } = await api.call('GET /api/user/notes');
    expect(data.notes.map((note) => note.content)).toEqual(['Grid *first*, then flex']);
  });

  it('⌘+Enter saves an edit too; Escape cancels one and leaves the note as it was', async () => {
    const list = await withNote('Margins collapse');
    fireEvent.click(list.getByRole('button', { name: /^Edit note/ }));
    const box = list.getByRole('textbox', { name: /^Edit note/ });
    await typeInto(box, 'Changed my mind');
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(list.queryByRole('textbox')).toBeNull();
    expect(list.getByText('Margins collapse')).toBeTruthy();
    expect(document.activeElement).toBe(list.getByRole('button', { name: /^Edit note/ }));

    fireEvent.click(list.getByRole('button', { name: /^Edit note/ }));
    await typeInto(
      list.getByRole('textbox', { name: /^Edit note/ }),
      'Margins collapse, paddings do not',
    );
    await act(async () =>
      fireEvent.keyDown(list.getByRole('textbox'), { key: 'Enter', metaKey: true }),
    );
    await list.findByText('Margins collapse, paddings do not');
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

  it('previews the box as Markdown, and Write goes back to the box with the focus', async () => {
    renderPanel();
    await screen.findByText('No note available.');
    const box = newNoteBox();
    await typeInto(box, '**Flexbox** at `gap`');
    const preview = screen.getByRole('button', { name: 'Preview', pressed: false });
    fireEvent.click(preview);
    expect(preview.getAttribute('aria-pressed')).toBe('true');
    expect(box.hidden).toBe(true);
    expect((await screen.findByText('Flexbox')).tagName).toBe('STRONG');
    fireEvent.click(screen.getByRole('button', { name: 'Write' }));
    expect(box.hidden).toBe(false);
    expect(document.activeElement).toBe(box);
  });

  it('saves a new note with Ctrl+Enter', async () => {
    renderPanel();
    await screen.findByText('No note available.');
    await typeInto(newNoteBox(), 'Saved from the keyboard');
    await act(async () => fireEvent.keyDown(newNoteBox(), { key: 'Enter', ctrlKey: true }));
    await within(await notesList()).findByText('Saved from the keyboard');
    expect((newNoteBox() as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the draft per video through a reload and a failed save, and forgets it once saved', async () => {
    const first = renderPanel();
    await screen.findByText('No note available.');
    await typeInto(newNoteBox(), 'Half a thought');
    expect(JSON.parse(localStorage.getItem(draftKey) ?? 'null')).toMatchObject({
      text: 'Half a thought',
    });
    // A reload: the panel starts again from what was kept.
    first.unmount();
    renderPanel();
    await screen.findByText('No note available.');
    expect((newNoteBox() as HTMLTextAreaElement).value).toBe('Half a thought');

    failWhen(backend, (request) => request.method === 'POST' && request.url.includes('/notes/'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save note' })));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save note' })).toHaveProperty('disabled', false),
    );
    expect((newNoteBox() as HTMLTextAreaElement).value).toBe('Half a thought');
    expect(localStorage.getItem(draftKey)).toContain('Half a thought');

    setTransport((request) => backend.handle(request));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save note' })));
    await within(await notesList()).findByText('Half a thought');
    expect((newNoteBox() as HTMLTextAreaElement).value).toBe('');
    expect(localStorage.getItem(draftKey)).toBeNull();
  });

  it('forgets a saved draft, and stops asking before leaving, as the box empties: a reload then finds nothing', async () => {
    renderPanel();
    await screen.findByText('No note available.');
    await typeInto(newNoteBox(), 'Half a thought');
    // What a reload would find right after the box empties, before the page does anything else:
    // read in a microtask queued as the saved text leaves the box.
    const box = newNoteBox() as HTMLTextAreaElement;
    const value = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
    let whenEmptied: { kept: string | null; asks: boolean } | undefined;
    Object.defineProperty(box, 'value', {
      configurable: true,
      get(this: HTMLTextAreaElement) {
        return value.get!.call(this) as string;
      },
      set(this: HTMLTextAreaElement, text: string) {
        value.set!.call(this, text);
        if (text !== '' || whenEmptied) return;
        queueMicrotask(() => {
          const leaving = new Event('beforeunload', { cancelable: true });
          window.dispatchEvent(leaving);
          whenEmptied = { kept: localStorage.getItem(draftKey), asks: leaving.defaultPrevented };
        });
      },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save note' })));
    await within(await notesList()).findByText('Half a thought');
    expect(box.value).toBe('');
    expect(whenEmptied).toEqual({ kept: null, asks: false });
  });

  it('asks before a reload or close while the box holds unsaved text, not once it is saved', async () => {
    renderPanel();
    await screen.findByText('No note available.');
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leaving()).toBe(false);
    await typeInto(newNoteBox(), 'Unsaved');
    expect(leaving()).toBe(true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save note' })));
    await within(await notesList()).findByText('Unsaved');
    expect(leaving()).toBe(false);
  });
});
