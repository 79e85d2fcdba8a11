import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { MAX_NOTE_LENGTH, MAX_NOTES, MAX_NOTES_CHARACTERS } from '../../contract/limits';
import { MemoryStore } from '../store/memory-store';
import { createHarness, seedVideo } from '../testing/api-harness';

/** Every notes answer carries all of the user's notes: how many, and how much text, is bounded. */
describe("a user's notes in all", () => {
  const videoId = seedVideo(0)._id;

  it(`stop at ${MAX_NOTES_CHARACTERS} characters: the note past it is refused, nothing changes`, async () => {
    const store = new MemoryStore();
    const h = await createHarness(store);
    const { token, user } = await h.signUp();
    const add = (content: string) =>
      h.call('POST', `/api/user/notes/${videoId}`, { token, body: { note: { content } } });
    // All but the last straight through the store: each answer carries every note so far (up
    // to a megabyte), so fifty requests cost a slow machine seconds and test nothing more.
    const at = new Date().toISOString();
    for (let index = 1; index < MAX_NOTES_CHARACTERS / MAX_NOTE_LENGTH; index += 1) {
      await store.addNote(user._id, videoId, 'n'.repeat(MAX_NOTE_LENGTH), at);
    }
    expect((await add('n'.repeat(MAX_NOTE_LENGTH))).status).toBe(201);
    const refused = await add('one more');
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ errors: [apiErrors.tooManyNotes.message] });
    const notes = (await h.call('GET', '/api/user/notes', { token })).body.notes;
    expect(notes).toHaveLength(MAX_NOTES_CHARACTERS / MAX_NOTE_LENGTH);
    // Deleting one makes room again.
    await h.call('DELETE', `/api/user/notes/${notes[0]._id}`, { token });
    expect((await add('one more')).status).toBe(201);
  });

  it(`stop at ${MAX_NOTES} notes, however short`, async () => {
    const store = new MemoryStore();
    const h = await createHarness(store);
    const { token, user } = await h.signUp();
    const add = () =>
      h.call('POST', `/api/user/notes/${videoId}`, { token, body: { note: { content: '' } } });
    // All but the last straight through the store: a thousand requests, each answering every
    // note so far, would test nothing more and cost a slow machine seconds.
    const at = new Date().toISOString();
    for (let index = 1; index < MAX_NOTES; index += 1) {
      await store.addNote(user._id, videoId, '', at);
    }
    expect((await add()).status).toBe(201);
    expect((await add()).body).toEqual({ errors: [apiErrors.tooManyNotes.message] });
    expect((await h.call('GET', '/api/user/notes', { token })).body.notes).toHaveLength(MAX_NOTES);
    // Another user is not held back.
    const other = await h.signUp();
    const theirs = await h.call('POST', `/api/user/notes/${videoId}`, {
      token: other.token,
      body: { note: { content: 'mine' } },
    });
    expect(theirs.status).toBe(201);
  });
});
