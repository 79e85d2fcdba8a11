import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import type { Video } from '../../contract/entities';
import type { OpenedStore } from './api-suite';
import { createHarness, seedVideo } from './api-harness';

const errorOf = (name: keyof typeof apiErrors) => ({ errors: [apiErrors[name].message] });
const ids = (videos: readonly Video[]) => videos.map((video) => video._id);

/**
 * A playlist's order (issue 30, decision 0026): POST …/order with every video once, in the new
 * order, run against every Store (memory, SQLite, PostgreSQL).
 */
export function describePlaylistOrderSuite(
  storeName: string,
  openStore: () => Promise<OpenedStore>,
) {
  describe(`playlist order on ${storeName}`, () => {
    let opened: OpenedStore;
    let h: Awaited<ReturnType<typeof createHarness>>;
    const [v0, v1, v2, v3] = [0, 1, 2, 3].map(seedVideo) as [Video, Video, Video, Video];

    beforeAll(async () => {
      opened = await openStore();
      h = await createHarness(opened.store, { counters: opened.counters });
    });
    afterAll(async () => {
      await opened?.close();
    });

    /** A signed-up user with one playlist holding `videos` in that order. */
    async function playlistOf(videos: Video[]) {
      const { token } = await h.signUp();
      const created = await h.call('POST', '/api/user/playlists', {
        token,
        body: { playlist: { title: 'Study' } },
      });
      const id = created.body.playlists[0]._id as string;
      for (const video of videos) {
        const added = await h.call('POST', `/api/user/playlists/${id}`, { token, body: { video } });
        expect(added.status).toBe(201);
      }
      return { token, id, url: `/api/user/playlists/${id}` };
    }
    const order = (token: string, url: string, body: unknown) =>
      h.call('POST', `${url}/order`, { token, body });

    it('puts the videos in the order given and keeps it for every later read', async () => {
      const { token, url } = await playlistOf([v0, v1, v2]);
      const moved = await order(token, url, { videos: [v2._id, v0._id, v1._id] });
      expect(moved.status).toBe(200);
      expect(ids(moved.body.playlist.videos)).toEqual([v2._id, v0._id, v1._id]);
      expect(ids((await h.call('GET', url, { token })).body.playlist.videos)).toEqual([
        v2._id,
        v0._id,
        v1._id,
      ]);
      const all = await h.call('GET', '/api/user/playlists', { token });
      expect(ids(all.body.playlists[0].videos)).toEqual([v2._id, v0._id, v1._id]);
    });

    it('adds after a reorder at the end, and an Undo still finds its place', async () => {
      const { token, url } = await playlistOf([v0, v1, v2]);
      await order(token, url, { videos: [v1._id, v2._id, v0._id] });
      await h.call('POST', url, { token, body: { video: v3 } });
      expect(ids((await h.call('GET', url, { token })).body.playlist.videos)).toEqual([
        v1._id,
        v2._id,
        v0._id,
        v3._id,
      ]);
      await h.call('DELETE', `${url}/${v2._id}`, { token });
      await h.call('POST', url, { token, body: { video: v2, before: [v0._id, v3._id] } });
      expect(ids((await h.call('GET', url, { token })).body.playlist.videos)).toEqual([
        v1._id,
        v2._id,
        v0._id,
        v3._id,
      ]);
    });

    it('takes the same order again, and an empty playlist with an empty list', async () => {
      const { token, url } = await playlistOf([v0, v1]);
      for (let round = 0; round < 2; round += 1) {
        const again = await order(token, url, { videos: [v1._id, v0._id] });
        expect(again.status).toBe(200);
        expect(ids(again.body.playlist.videos)).toEqual([v1._id, v0._id]);
      }
      const empty = await playlistOf([]);
      const none = await order(empty.token, empty.url, { videos: [] });
      expect(none.status).toBe(200);
      expect(none.body.playlist.videos).toEqual([]);
    });

    it("refuses (409) a list that is not exactly the playlist's videos, changing nothing", async () => {
      const { token, url } = await playlistOf([v0, v1, v2]);
      for (const videos of [
        [v1._id, v0._id], // one left out (added meanwhile in another tab)
        [v1._id, v0._id, v2._id, v3._id], // one more (removed meanwhile)
        [v1._id, v0._id, v3._id], // one swapped
        [],
      ]) {
        const refused = await order(token, url, { videos });
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual(errorOf('playlistOrderStale'));
      }
      expect(ids((await h.call('GET', url, { token })).body.playlist.videos)).toEqual([
        v0._id,
        v1._id,
        v2._id,
      ]);
    });

    it('answers bad bodies with 422 naming the field, never a 500', async () => {
      const { token, url } = await playlistOf([v0, v1]);
      for (const body of [
        {},
        { videos: 'v0' },
        { videos: [v0._id, v0._id] },
        { videos: [v0._id, ''] },
        { videos: [v0._id, 7] },
        { videos: [v0._id, 'x'.repeat(129)] },
        { videos: null },
      ]) {
        const refused = await order(token, url, body);
        expect(refused.status, JSON.stringify(body)).toBe(422);
        expect(refused.body.errors.length).toBeGreaterThan(0);
        expect(refused.body.errors.join(' ')).toMatch(/^videos/);
      }
      const notJson = await h.call('POST', `${url}/order`, {
        token,
        rawBody: '{"videos": [',
      });
      expect(notJson.status).toBe(400);
      expect(ids((await h.call('GET', url, { token })).body.playlist.videos)).toEqual([
        v0._id,
        v1._id,
      ]);
    });

    it("answers 404 for no such playlist and for another user's, 401 signed out", async () => {
      const mine = await playlistOf([v0, v1]);
      const { token: other } = await h.signUp();
      for (const url of [mine.url, '/api/user/playlists/no-such-playlist']) {
        const refused = await order(other, url, { videos: [v1._id, v0._id] });
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual(errorOf('playlistNotFound'));
      }
      const signedOut = await h.call('POST', `${mine.url}/order`, {
        body: { videos: [v1._id, v0._id] },
      });
      expect(signedOut.status).toBe(401);
      expect(
        ids((await h.call('GET', mine.url, { token: mine.token })).body.playlist.videos),
      ).toEqual([v0._id, v1._id]);
    });

    it('loses no video when reorders and an add race', async () => {
      const { token, url } = await playlistOf([v0, v1, v2]);
      const results = await Promise.all([
        order(token, url, { videos: [v2._id, v1._id, v0._id] }),
        h.call('POST', url, { token, body: { video: v3 } }),
        order(token, url, { videos: [v1._id, v0._id, v2._id] }),
      ]);
      expect(results[1]!.status).toBe(201);
      for (const reorder of [results[0]!, results[2]!])
        expect([200, 409]).toContain(reorder.status);
      const videos = ids((await h.call('GET', url, { token })).body.playlist.videos);
      expect([...videos].sort()).toEqual([v0._id, v1._id, v2._id, v3._id].sort());
    });
  });
}
