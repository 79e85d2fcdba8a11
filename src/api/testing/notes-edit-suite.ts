import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { MAX_NOTE_LENGTH, MAX_NOTES_CHARACTERS } from '../../contract/limits';
import type { OpenedStore } from './api-suite';
import { createHarness, seedVideo } from './api-harness';

const errorOf = (name: keyof typeof apiErrors) => ({ errors: [apiErrors[name].message] });

/**
 * Editing a note (issue 30, `PATCH /api/user/notes/{noteId}`), run against every Store (memory,
 * SQLite, PostgreSQL): the text changes and nothing else; another user's note is not found; a bad
 * body is a 4xx naming the field, never a 500; the caps on a user's notes hold for edits too.
 */
export function describeNotesEditSuite(storeName: string, openStore: () => Promise<OpenedStore>) {
  describe(`editing notes on ${storeName}`, () => {
    let opened: OpenedStore;
    let h: Awaited<ReturnType<typeof createHarness>>;
    const videoId = seedVideo(0)._id;

    beforeAll(async () => {
      opened = await openStore();
      h = await createHarness(opened.store, { counters: opened.counters });
    });
    afterAll(async () => {
      await opened?.close();
    });

    /** A fresh user with one timed note and one untimed; their token and the notes. */
    async function userWithNotes() {
      const { token, user } = await h.signUp();
      await h.call('POST', `/api/user/notes/${videoId}`, {
        token,
        body: { note: { content: 'closures', time: 754 } },
      });
      const added = await h.call('POST', `/api/user/notes/${seedVideo(1)._id}`, {
        token,
        body: { note: { content: '*hoisting*' } },
      });
      return { token, userId: user._id as string, notes: added.body.notes };
    }

    const edit = (token: string, noteId: string, body: unknown) =>
      h.call('PATCH', `/api/user/notes/${encodeURIComponent(noteId)}`, { token, body });

    it('changes the text only: the note keeps its id, video, moment and place', async () => {
      const { token, notes } = await userWithNotes();
      const [timed, other] = notes;
      const edited = await edit(token, timed._id, { note: { content: '## Closures\n\n`let`' } });
      expect(edited.status).toBe(200);
      expect(edited.body).toEqual({
        notes: [{ _id: timed._id, content: '## Closures\n\n`let`', videoId, time: 754 }, other],
      });
      expect((await h.call('GET', '/api/user/notes', { token })).body).toEqual(edited.body);
      // product §5: a note may be empty, an edited one too.
      const emptied = await edit(token, other._id, { note: { content: '' } });
      expect(emptied.status).toBe(200);
      expect(emptied.body.notes[1]).toEqual({ ...other, content: '' });
    });

    it("answers 404 for another user's note and an unknown one, and leaves them as they were", async () => {
      const owner = await userWithNotes();
      const stranger = await h.signUp();
      const noteId = owner.notes[0]._id as string;
      for (const id of [noteId, 'made-up', 'x'.repeat(300)]) {
        const refused = await edit(stranger.token, id, { note: { content: 'mine now' } });
        expect(refused.status, id).toBe(404);
        expect(refused.body).toEqual(errorOf('noteNotFound'));
      }
      expect((await h.call('GET', '/api/user/notes', { token: owner.token })).body.notes).toEqual(
        owner.notes,
      );
      expect((await h.call('GET', '/api/user/notes', { token: stranger.token })).body).toEqual({
        notes: [],
      });
      const anonymous = await h.call('PATCH', `/api/user/notes/${noteId}`, {
        body: { note: { content: 'x' } },
      });
      expect(anonymous.status).toBe(401);
    });

    it('refuses a bad body with a 4xx naming the field, never a 500, and changes nothing', async () => {
      const { token, notes } = await userWithNotes();
      const noteId = notes[0]._id as string;
      const send = (rawBody: string) =>
        h.call('PATCH', `/api/user/notes/${noteId}`, { token, rawBody });
      const cases: [string, string | undefined][] = [
        ['{"note":{"text":"x"}}', 'note.content is required'],
        ['{"note":{"content":42}}', undefined],
        ['{"note":"x"}', undefined],
        ['{}', 'note is required'],
        ['[]', undefined],
        ['{"note":', undefined],
        ['', undefined],
        [
          '{"note":{"content":"\\ud800"}}',
          'note.content must be valid Unicode (a lone surrogate \\ud800)',
        ],
        [JSON.stringify({ note: { content: 'x'.repeat(MAX_NOTE_LENGTH + 1) } }), undefined],
      ];
      for (const [rawBody, message] of cases) {
        const refused = await send(rawBody);
        expect(refused.status, rawBody.slice(0, 40)).toBeGreaterThanOrEqual(400);
        expect(refused.status, rawBody.slice(0, 40)).toBeLessThan(500);
        expect(refused.body.errors, rawBody.slice(0, 40)).toEqual([expect.any(String)]);
        if (message) expect(refused.body.errors).toEqual([message]);
      }
      const longest = await send(
        JSON.stringify({ note: { content: 'y'.repeat(MAX_NOTE_LENGTH) } }),
      );
      expect(longest.status).toBe(200);
      const plain = await h.call('PATCH', `/api/user/notes/${noteId}`, {
        token,
        rawBody: '{"note":{"content":"x"}}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(plain.status).toBe(415);
      const kept = (await h.call('GET', '/api/user/notes', { token })).body.notes;
      expect(kept[0].content).toBe('y'.repeat(MAX_NOTE_LENGTH));
    });

    it(`holds ${MAX_NOTES_CHARACTERS} characters in all when edits grow notes in parallel`, async () => {
      const { token, user } = await h.signUp();
      const userId = user._id as string;
      const at = '2026-01-01T00:00:00+00:00';
      const full = MAX_NOTES_CHARACTERS / MAX_NOTE_LENGTH;
      // All but one note's worth of the characters, and two short notes.
      for (let index = 0; index < full - 1; index += 1) {
        await opened.store.addNote(userId, videoId, 'n'.repeat(MAX_NOTE_LENGTH), at);
      }
      const a = await opened.store.addNote(userId, videoId, 'a', at);
      const b = await opened.store.addNote(userId, videoId, 'b', at);
      // Each fits alone; both together would pass the cap.
      const grown = 'g'.repeat(MAX_NOTE_LENGTH * 0.75);
      const answers = await Promise.all([
        edit(token, a._id, { note: { content: grown } }),
        edit(token, b._id, { note: { content: grown } }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
      expect(answers.find((answer) => answer.status === 422)?.body).toEqual(
        errorOf('tooManyNotes'),
      );
      const notes = (await h.call('GET', '/api/user/notes', { token })).body.notes as {
        content: string;
      }[];
      const characters = notes.reduce((sum, note) => sum + note.content.length, 0);
      expect(characters).toBeLessThanOrEqual(MAX_NOTES_CHARACTERS);
      expect(notes.filter((note) => note.content === grown)).toHaveLength(1);
      // Shrinking a note is always allowed.
      const shrunk = await edit(token, a._id, { note: { content: '' } });
      expect(shrunk.status).toBe(200);
    });
  });
}
