import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHarness, seedVideo } from '../../api/testing/api-harness';
import type { OpenedStore } from '../../api/testing/api-suite';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';

const stores = [
  { name: 'SQLite', open: openSqliteTestStore },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

describe.each(stores)('isolation between users on $name', ({ open }) => {
  let opened: OpenedStore;
  let h: Awaited<ReturnType<typeof createHarness>>;
  beforeAll(async () => {
    opened = await open();
    h = await createHarness(opened.store);
  });
  afterAll(() => opened.close());

  /** Alice with something in every list, a playlist with a video, and a note. */
  async function aliceWithEverything() {
    const alice = await h.signUp();
    const token = alice.token;
    for (const list of ['likes', 'history', 'watchlater']) {
      await h.call('POST', `/api/user/${list}`, { token, body: { video: seedVideo(0) } });
    }
    const created = await h.call('POST', '/api/user/playlists', {
      token,
      body: { playlist: { title: 'private' } },
    });
    const playlistId = created.body.playlists[0]._id as string;
    await h.call('POST', `/api/user/playlists/${playlistId}`, {
      token,
      body: { video: seedVideo(0) },
    });
    const noted = await h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, {
      token,
      body: { note: { content: 'mine' } },
    });
    const noteId = noted.body.notes[0]._id as string;
    const snapshot = async () => ({
      likes: (await h.call('GET', '/api/user/likes', { token })).body,
      history: (await h.call('GET', '/api/user/history', { token })).body,
      watchlater: (await h.call('GET', '/api/user/watchlater', { token })).body,
      playlists: (await h.call('GET', '/api/user/playlists', { token })).body,
      notes: (await h.call('GET', '/api/user/notes', { token })).body,
    });
    return { playlistId, noteId, snapshot };
  }

  it("answers 404 to every attempt on another user's playlist or note", async () => {
    const alice = await aliceWithEverything();
    const before = await alice.snapshot();
    const bob = await h.signUp();
    const attempts = [
      ['GET', `/api/user/playlists/${alice.playlistId}`, undefined],
      ['POST', `/api/user/playlists/${alice.playlistId}`, { video: seedVideo(1) }],
      ['DELETE', `/api/user/playlists/${alice.playlistId}/${seedVideo(0)._id}`, undefined],
      ['DELETE', `/api/user/playlists/${alice.playlistId}`, undefined],
      ['DELETE', `/api/user/notes/${alice.noteId}`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const result = await h.call(method, path, { token: bob.token, body });
      expect({ method, path, status: result.status }).toEqual({ method, path, status: 404 });
    }
    expect(await alice.snapshot()).toEqual(before);
  });

  it("never shows another user's lists, and a user's removals and clears touch only their own", async () => {
    const alice = await aliceWithEverything();
    const before = await alice.snapshot();
    const bob = await h.signUp();
    const token = bob.token;
    expect((await h.call('GET', '/api/user/likes', { token })).body).toEqual({ likes: [] });
    expect((await h.call('GET', '/api/user/history', { token })).body).toEqual({ history: [] });
    expect((await h.call('GET', '/api/user/watchlater', { token })).body).toEqual({
      watchlater: [],
    });
    expect((await h.call('GET', '/api/user/playlists', { token })).body).toEqual({
      playlists: [],
    });
    expect((await h.call('GET', '/api/user/notes', { token })).body).toEqual({ notes: [] });

    for (const list of ['likes', 'history', 'watchlater']) {
      // Bob adding the same video is his own row, not a duplicate of Alice's.
      const added = await h.call('POST', `/api/user/${list}`, {
        token,
        body: { video: seedVideo(0) },
      });
      expect(added.status).toBe(201);
      await h.call('DELETE', `/api/user/${list}/${seedVideo(0)._id}`, { token });
    }
    await h.call('DELETE', '/api/user/history/all', { token });
    expect(await alice.snapshot()).toEqual(before);
  });
});
