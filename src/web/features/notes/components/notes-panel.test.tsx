import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api } from '../../../lib/api-client';
import type { MockBackend } from '../../../mock/mock-backend';
import { holdCalls, renderInApp, signInWithSession } from '../../../testing/signed-in';
import { NotesPanel } from './notes-panel';

const videoId = '1PnVor36_40';

/** The notes panel of a signed-in user, whose lists load as on the app's start. */
function renderPanel() {
  renderInApp(<NotesPanel videoId={videoId} />);
  return screen.getByRole('textbox', { name: /Write a note/ });
}

const isGet = (path: string) => (request: Request) =>
  request.method === 'GET' && new URL(request.url).pathname === path;

describe('the notes panel', () => {
  let backend: MockBackend;
  beforeEach(async () => {
    backend = await signInWithSession();
  });
  afterEach(cleanup);

  it('says the notes are loading until they are in, then that there are none', async () => {
    const notes = holdCalls(backend, isGet('/api/user/notes'));
    renderPanel();
    expect(screen.getByRole('status').textContent).toBe('Loading notes…');
    expect(screen.queryByText('No note available.')).toBeNull();
    await notes.release();
    await screen.findByText('No note available.');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when the notes could not be loaded, and Try again loads them', async () => {
    await api.call('POST /api/user/notes/{videoId}', {
      params: { videoId },
      body: { note: { content: 'Specificity wins' } },
    });
    const notes = holdCalls(backend, isGet('/api/user/notes'));
    renderPanel();
    await notes.fail();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your notes could not be loaded.');
    expect(screen.queryByText('No note available.')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await notes.release();
    await screen.findByText('Specificity wins');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps what was typed while a note was being saved', async () => {
    const saves = holdCalls(
      backend,
      (request) => request.method === 'POST' && request.url.includes('/api/user/notes/'),
    );
    const box = renderPanel();
    await screen.findByText('No note available.');

    await act(async () => fireEvent.input(box, { target: { value: 'Specificity wins' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save note' })));
    // The save is on its way; the learner goes on with the next note.
    await act(async () =>
      fireEvent.input(box, { target: { value: 'Specificity wins\nThe cascade comes next' } }),
    );
    await saves.release();

    const list = await screen.findByRole('list', { name: 'Your notes on this video' });
    await within(list).findByText('Specificity wins');
    expect((box as HTMLTextAreaElement).value).toBe('The cascade comes next');
  });

  it("names a note's delete button by its moment and its text as it reads, not its Markdown", async () => {
    await api.call('POST /api/user/notes/{videoId}', {
      params: { videoId },
      body: { note: { content: '## The *cascade*\n\n```css\na { color: red }\n```', time: 83 } },
    });
    renderPanel();
    await screen.findByRole('button', { name: 'Delete note at 1:23: The cascade' });
  });
});
