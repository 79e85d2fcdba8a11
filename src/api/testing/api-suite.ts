import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { apiErrors } from '../../contract/errors';
import {
  MAX_NOTE_LENGTH,
  MAX_NOTES_CHARACTERS,
  MAX_PLAYLISTS,
  TEST_ACCOUNT,
} from '../../contract/limits';
import { signToken } from '../auth/tokens';
import { seedCategories } from '../seed/seed-data';
import { seedVideos } from '../seed/videos';
import type { CounterFactory } from '../http/counters';
import type { Store } from '../store/store';
import { createHarness, seedVideo, TEST_SECRET } from './api-harness';

export interface OpenedStore {
  store: Store;
  /** Where the limits count (the server's database); default: memory. */
  counters?: CounterFactory;
  close: () => Promise<void>;
}

const errorOf = (name: keyof typeof apiErrors) => ({ errors: [apiErrors[name].message] });

/**
 * The API's contract test: every route of product §7 and every message of product §8, run against any
 * Store. Each store implementation calls this with a function that opens an empty store.
 */
export function describeApiSuite(storeName: string, openStore: () => Promise<OpenedStore>) {
  describe(`API on ${storeName}`, () => {
    let opened: OpenedStore;
    let h: Awaited<ReturnType<typeof createHarness>>;

    beforeAll(async () => {
      opened = await openStore();
      h = await createHarness(opened.store, { counters: opened.counters });
    });
    afterAll(async () => {
      await opened?.close();
    });

    describe('auth', () => {
      it('signs up a user with 201, a token and no password', async () => {
        const email = `new-${Date.now()}@example.com`;
        const result = await h.call('POST', '/api/auth/signup', {
          body: { firstName: 'Alan', lastName: 'Turing', email, password: 'enigma-42' },
        });
        expect(result.status).toBe(201);
        expect(result.body.createdUser).toMatchObject({
          firstName: 'Alan',
          lastName: 'Turing',
          email,
        });
        expect(result.body.createdUser._id).toEqual(expect.any(String));
        expect(result.body.createdUser.createdAt).toMatch(
          /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/,
        );
        expect(result.body.createdUser.updatedAt).toBe(result.body.createdUser.createdAt);
        expect(result.body.encodedToken).toEqual(expect.any(String));
        expect(JSON.stringify(result.body)).not.toMatch(/enigma-42|password/i);
      });

      it('keeps extra signup fields but never lets them overwrite server-owned ones', async () => {
        const { user, token } = await h.signUp({
          nickname: 'amazing',
          _id: 'chosen-id',
          createdAt: '1970-01-01T00:00:00+00:00',
          likes: [seedVideo(0)],
          passwordHash: 'planted',
        });
        expect(user.nickname).toBe('amazing');
        expect(user._id).not.toBe('chosen-id');
        expect(user.createdAt).not.toBe('1970-01-01T00:00:00+00:00');
        expect(user).not.toHaveProperty('likes');
        expect(user).not.toHaveProperty('passwordHash');
        const likes = await h.call('GET', '/api/user/likes', { token });
        expect(likes.body).toEqual({ likes: [] });
      });

      it('refuses a second signup with the same email, whatever its case (422)', async () => {
        const { payload } = await h.signUp();
        const again = await h.call('POST', '/api/auth/signup', {
          body: { ...payload, email: payload.email.toUpperCase() },
        });
        expect(again.status).toBe(422);
        expect(again.body).toEqual(errorOf('emailExists'));
      });

      it('names each missing or invalid signup field (422)', async () => {
        const result = await h.call('POST', '/api/auth/signup', {
          body: { firstName: '', email: 'not-an-email', password: 7 },
        });
        expect(result.status).toBe(422);
        expect(result.body.errors).toEqual(
          expect.arrayContaining([
            'firstName must not be empty',
            'lastName is required',
            'email must be an email address like name@example.com',
            'password must be text',
          ]),
        );
      });

      it('logs in the built-in test account with 200, a token and no password', async () => {
        const result = await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT });
        expect(result.status).toBe(200);
        expect(result.body.foundUser).toMatchObject({
          email: TEST_ACCOUNT.email,
          firstName: 'Test',
        });
        expect(result.body.foundUser).not.toHaveProperty('password');
        expect(result.body.foundUser).not.toHaveProperty('passwordHash');
        expect(result.body.encodedToken).toEqual(expect.any(String));
      });

      it('logs in the second seed user too', async () => {
        const result = await h.call('POST', '/api/auth/login', {
          body: { email: 'ada@codetube.dev', password: 'analytical-1843' },
        });
        expect(result.status).toBe(200);
        expect(result.body.foundUser.firstName).toBe('Ada');
      });

      it('answers an unknown email with 404 not Registered', async () => {
        const result = await h.call('POST', '/api/auth/login', {
          body: { email: 'nobody@example.com', password: 'x' },
        });
        expect(result.status).toBe(404);
        expect(result.body).toEqual(errorOf('emailNotRegistered'));
      });

      it('answers a wrong password with 401 invalid credentials', async () => {
        const result = await h.call('POST', '/api/auth/login', {
          body: { email: TEST_ACCOUNT.email, password: 'wrong' },
        });
        expect(result.status).toBe(401);
        expect(result.body).toEqual(errorOf('invalidCredentials'));
      });

      it('lets a new user log in with the password they signed up with', async () => {
        const { payload } = await h.signUp();
        const result = await h.call('POST', '/api/auth/login', {
          body: { email: payload.email, password: payload.password },
        });
        expect(result.status).toBe(200);
        expect(result.body.foundUser.email).toBe(payload.email);
      });

      it('answers malformed JSON with 400 and an empty body with the missing fields', async () => {
        const malformed = await h.call('POST', '/api/auth/login', {
          rawBody: '{"email":',
          headers: { 'content-type': 'application/json' },
        });
        expect(malformed.status).toBe(400);
        expect(malformed.body).toEqual(errorOf('malformedJson'));
        const empty = await h.call('POST', '/api/auth/login');
        expect(empty.status).toBe(422);
        expect(empty.body.errors).toEqual(['email is required', 'password is required']);
      });

      it('refuses a password that is short, long or common (ASVS 2.1), naming the rule; makes no account', async () => {
        const email = `weak-${Date.now()}@example.com`;
        const cases: [string, string][] = [
          ['a', 'password must be at least 8 characters'],
          [' ', 'password must be at least 8 characters'],
          ['x'.repeat(129), 'password must be at most 128 characters'],
          ['password', 'password is one of the 10,000 most common passwords; choose another'],
          ['Iloveyou', 'password is one of the 10,000 most common passwords; choose another'],
        ];
        for (const [password, message] of cases) {
          const result = await h.call('POST', '/api/auth/signup', {
            body: { firstName: 'Weak', lastName: 'Password', email, password },
          });
          expect({ status: result.status, ...result.body }, password).toEqual({
            status: 422,
            errors: [message],
          });
        }
        const login = await h.call('POST', '/api/auth/login', {
          body: { email, password: 'password' },
        });
        expect(login.status).toBe(404);
        // Logins are not checked: the demo account keeps its password.
        const demo = await h.call('POST', '/api/auth/login', { body: TEST_ACCOUNT });
        expect(demo.status).toBe(200);
      });

      it('refuses a body not sent as JSON with 415 before reading it: no signup, no password check', async () => {
        const email = `form-post-${Date.now()}@example.com`;
        const fields = {
          firstName: 'Form',
          lastName: 'Post',
          email,
          password: 'a-form-posted-one',
        };
        // What a page on another site can send without asking (a no-cors fetch or a form).
        for (const contentType of [
          'text/plain;charset=UTF-8',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          undefined,
        ]) {
          const signup = await h.call('POST', '/api/auth/signup', {
            rawBody: JSON.stringify(fields),
            headers:
              contentType === undefined ? { 'content-type': '' } : { 'content-type': contentType },
          });
          expect({ status: signup.status, ...signup.body }, String(contentType)).toEqual({
            status: 415,
            ...errorOf('unsupportedMediaType'),
          });
          const login = await h.call('POST', '/api/auth/login', {
            rawBody: JSON.stringify(TEST_ACCOUNT),
            headers:
              contentType === undefined ? { 'content-type': '' } : { 'content-type': contentType },
          });
          expect(login.status, String(contentType)).toBe(415);
          expect(login.body).toEqual(errorOf('unsupportedMediaType'));
        }
        const token = await h.logInTestAccount();
        const like = await h.call('POST', '/api/user/likes', {
          rawBody: JSON.stringify({ video: { _id: seedVideo(0)._id } }),
          headers: { 'content-type': 'text/plain' },
          token,
        });
        expect(like.status).toBe(415);
        // Nothing was made: the email is still free, the video not liked.
        const after = await h.call('POST', '/api/auth/login', {
          body: { email, password: fields.password },
        });
        expect(after.status).toBe(404);
        const likes = await h.call('GET', '/api/user/likes', { token });
        expect(likes.body.likes).not.toContainEqual(
          expect.objectContaining({ _id: seedVideo(0)._id }),
        );
      });

      it('takes JSON with a charset or as a +json type, and bodyless writes without any type', async () => {
        for (const contentType of [
          'application/json; charset=utf-8',
          'Application/JSON',
          'application/merge-patch+json',
        ]) {
          const login = await h.call('POST', '/api/auth/login', {
            rawBody: JSON.stringify(TEST_ACCOUNT),
            headers: { 'content-type': contentType },
          });
          expect(login.status, contentType).toBe(200);
        }
        const token = await h.logInTestAccount();
        // A form with no fields, or a write that takes no body, is no JSON and needs none.
        const empty = await h.call('POST', '/api/auth/login', {
          rawBody: '',
          headers: { 'content-type': 'text/plain' },
        });
        expect(empty.status).toBe(422);
        const logout = await h.call('POST', '/api/auth/logout', { token });
        expect(logout.status).toBe(200);
        const other = await h.logInTestAccount();
        const cleared = await h.call('DELETE', '/api/user/history/all', {
          token: other,
          headers: { 'content-type': 'text/plain' },
        });
        expect(cleared.status).toBe(200);
      });
    });

    describe('catalogue', () => {
      it('lists the six seed videos', async () => {
        const result = await h.call('GET', '/api/videos');
        expect(result.status).toBe(200);
        expect(result.body.videos).toEqual(seedVideos);
      });

      it('answers one video, or 404 for an unknown id', async () => {
        const found = await h.call('GET', `/api/video/${seedVideo(2)._id}`);
        expect(found.status).toBe(200);
        expect(found.body).toEqual({ video: seedVideo(2) });
        const missing = await h.call('GET', '/api/video/nope');
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(errorOf('videoNotFound'));
      });

      it('answers a page of videos filtered by exact category and case-sensitive title', async () => {
        const page = await h.call('GET', '/api/videos?category=Javascript&limit=2');
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(3);
        expect(page.body.videos.map((v: { _id: string }) => v._id)).toEqual([
          seedVideo(3)._id,
          seedVideo(4)._id,
        ]);
        const next = await h.call('GET', '/api/videos?category=Javascript&limit=2&offset=2');
        expect(next.body).toEqual({ videos: [seedVideo(5)], total: 3 });
        const search = await h.call('GET', '/api/videos?search=JavaScript');
        expect(search.body.total).toBe(3);
        expect((await h.call('GET', '/api/videos?search=javascript')).body).toEqual({
          videos: [],
          total: 0,
        });
        const both = await h.call('GET', '/api/videos?category=HTML&search=Course');
        expect(both.body).toEqual({ videos: [seedVideo(1)], total: 1 });
        const wide = await h.call('GET', '/api/videos?offset=0');
        expect(wide.body.videos).toHaveLength(6);
      });

      it('refuses a bad page with 422 naming the parameter', async () => {
        const bad = await h.call('GET', '/api/videos?limit=0&offset=-1');
        expect(bad.status).toBe(422);
        expect(bad.body.errors).toEqual([
          'offset must be a whole number from 0 to 1000000000',
          'limit must be a whole number from 1 to 100',
        ]);
        const big = await h.call('GET', '/api/videos?limit=101');
        expect(big.body).toEqual({ errors: ['limit must be a whole number from 1 to 100'] });
      });

      it('lists the three categories and answers one, or 404', async () => {
        const all = await h.call('GET', '/api/categories');
        expect(all.body).toEqual({ categories: seedCategories });
        const one = await h.call('GET', `/api/categories/${seedCategories[1]!._id}`);
        expect(one.body).toEqual({ category: seedCategories[1] });
        const missing = await h.call('GET', '/api/categories/nope');
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(errorOf('categoryNotFound'));
      });
    });

    describe('tokens', () => {
      it('refuses user routes without a token, with a forged one, or with an expired one', async () => {
        const { user } = await h.signUp();
        const forged = await signToken({ _id: user._id, email: user.email }, 'other', new Date());
        const expired = await signToken(
          { _id: user._id, email: user.email },
          TEST_SECRET,
          new Date(Date.now() - 30 * 24 * 3600 * 1000),
        );
        for (const token of [undefined, 'garbage', forged, expired]) {
          const result = await h.call('GET', '/api/user/likes', token ? { token } : {});
          expect(result.status).toBe(401);
          expect(result.body).toEqual(errorOf('invalidToken'));
        }
      });

      it('accepts the token raw or as a Bearer token', async () => {
        const { token } = await h.signUp();
        expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(200);
        const bearer = await h.call('GET', '/api/user/likes', { token: `Bearer ${token}` });
        expect(bearer.status).toBe(200);
      });

      it('answers a valid token of a user who does not exist: 404 on reads and on writes', async () => {
        const ghost = await signToken(
          { _id: 'ghost', email: 'ghost@example.com' },
          TEST_SECRET,
          new Date(),
        );
        const read = await h.call('GET', '/api/user/history', { token: ghost });
        expect(read.status).toBe(404);
        expect(read.body).toEqual(errorOf('emailNotRegistered'));
        const write = await h.call('DELETE', '/api/user/history/all', { token: ghost });
        expect(write.status).toBe(404);
        expect(write.body).toEqual(errorOf('userNotFound'));
      });
    });

    const lists = [
      { path: 'likes', key: 'likes', duplicate: 'alreadyLiked' },
      { path: 'history', key: 'history', duplicate: 'alreadyInHistory' },
      { path: 'watchlater', key: 'watchlater', duplicate: 'alreadyLiked' },
    ] as const;

    for (const list of lists) {
      describe(`/api/user/${list.path}`, () => {
        // History entries also say when they were added (checked in detail below).
        const entries = (...videos: Video[]) => ({
          [list.key]: videos.map((video) =>
            list.key === 'history' ? { ...video, watchedAt: expect.any(String) } : video,
          ),
        });
        it('starts empty, adds with 201 in order, and refuses a duplicate with 409', async () => {
          const { token } = await h.signUp();
          const url = `/api/user/${list.path}`;
          expect((await h.call('GET', url, { token })).body).toEqual(entries());
          const first = await h.call('POST', url, { token, body: { video: seedVideo(3) } });
          expect(first.status).toBe(201);
          expect(first.body).toEqual(entries(seedVideo(3)));
          const second = await h.call('POST', url, { token, body: { video: seedVideo(0) } });
          expect(second.body).toEqual(entries(seedVideo(3), seedVideo(0)));
          const duplicate = await h.call('POST', url, { token, body: { video: seedVideo(3) } });
          expect(duplicate.status).toBe(409);
          expect(duplicate.body).toEqual(errorOf(list.duplicate));
          const read = await h.call('GET', url, { token });
          expect(read.status).toBe(200);
          expect(read.body).toEqual(entries(seedVideo(3), seedVideo(0)));
        });

        it('stores the catalogue copy, refuses unknown videos (404) and bad bodies (422)', async () => {
          const { token } = await h.signUp();
          const url = `/api/user/${list.path}`;
          const tampered = { ...seedVideo(1), title: 'Planted title', views: -1 };
          const added = await h.call('POST', url, { token, body: { video: tampered } });
          expect(added.body).toEqual(entries(seedVideo(1)));
          const unknown = await h.call('POST', url, { token, body: { video: { _id: 'made-up' } } });
          expect(unknown.status).toBe(404);
          expect(unknown.body).toEqual(errorOf('videoNotFound'));
          const noVideo = await h.call('POST', url, { token, body: {} });
          expect(noVideo.status).toBe(422);
          expect(noVideo.body).toEqual({ errors: ['video is required'] });
          const badId = await h.call('POST', url, { token, body: { video: { _id: 5 } } });
          expect(badId.body).toEqual({ errors: ['video._id must be text'] });
        });

        it('removes a video with 200, and removing an absent one changes nothing', async () => {
          const { token } = await h.signUp();
          const url = `/api/user/${list.path}`;
          await h.call('POST', url, { token, body: { video: seedVideo(4) } });
          await h.call('POST', url, { token, body: { video: seedVideo(5) } });
          const removed = await h.call('DELETE', `${url}/${seedVideo(4)._id}`, { token });
          expect(removed.status).toBe(200);
          expect(removed.body).toEqual(entries(seedVideo(5)));
          const again = await h.call('DELETE', `${url}/${seedVideo(4)._id}`, { token });
          expect(again.status).toBe(200);
          expect(again.body).toEqual(entries(seedVideo(5)));
        });
      });
    }

    describe('/api/user/history: when each video was watched', () => {
      it('keeps insertion order, says when each entry was added, and re-adds at the end', async () => {
        let now = new Date('2026-11-23T23:59:58Z');
        const timed = await createHarness(opened.store, {
          counters: opened.counters,
          clock: () => now,
        });
        const { token } = await timed.signUp();
        const url = '/api/user/history';
        const add = async (index: number, at: string) => {
          now = new Date(at);
          return timed.call('POST', url, { token, body: { video: seedVideo(index) } });
        };
        const watched = (index: number, at: string) => ({ ...seedVideo(index), watchedAt: at });

        await add(0, '2026-11-23T23:59:58Z');
        await add(1, '2026-11-24T00:00:03Z');
        // Another process with a clock behind: the order stays the order of adding.
        const third = await add(2, '2026-11-24T00:00:01Z');
        expect(third.status).toBe(201);
        expect(third.body).toEqual({
          history: [
            watched(0, '2026-11-23T23:59:58+00:00'),
            watched(1, '2026-11-24T00:00:03+00:00'),
            watched(2, '2026-11-24T00:00:01+00:00'),
          ],
        });

        // Removed and added again: it moves to the end with its new time.
        await timed.call('DELETE', `${url}/${seedVideo(0)._id}`, { token });
        await add(0, '2026-11-25T08:30:00Z');
        // A refused duplicate changes neither the order nor the time.
        expect((await add(1, '2026-11-26T10:00:00Z')).status).toBe(409);
        const read = await timed.call('GET', url, { token });
        expect(read.body).toEqual({
          history: [
            watched(1, '2026-11-24T00:00:03+00:00'),
            watched(2, '2026-11-24T00:00:01+00:00'),
            watched(0, '2026-11-25T08:30:00+00:00'),
          ],
        });
        // The other lists stay bare videos.
        now = new Date('2026-11-26T11:00:00Z');
        await timed.call('POST', '/api/user/likes', { token, body: { video: seedVideo(3) } });
        const likes = await timed.call('GET', '/api/user/likes', { token });
        expect(likes.body).toEqual({ likes: [seedVideo(3)] });
      });
    });

    describe('/api/user/history/all', () => {
      it('clears the whole history with 200 { history: [] }', async () => {
        const { token } = await h.signUp();
        await h.call('POST', '/api/user/history', { token, body: { video: seedVideo(0) } });
        await h.call('POST', '/api/user/history', { token, body: { video: seedVideo(1) } });
        const cleared = await h.call('DELETE', '/api/user/history/all', { token });
        expect(cleared.status).toBe(200);
        expect(cleared.body).toEqual({ history: [] });
        expect((await h.call('GET', '/api/user/history', { token })).body).toEqual({ history: [] });
      });
    });

    describe('/api/user/playlists', () => {
      async function createPlaylist(token: string, title: string) {
        const result = await h.call('POST', '/api/user/playlists', {
          token,
          body: { playlist: { title } },
        });
        return result;
      }

      it('creates playlists with 201, empty and in creation order, and lists them', async () => {
        const { token } = await h.signUp();
        expect((await h.call('GET', '/api/user/playlists', { token })).body).toEqual({
          playlists: [],
        });
        const first = await createPlaylist(token, 'CSS tricks');
        expect(first.status).toBe(201);
        expect(first.body.playlists).toEqual([
          { _id: expect.any(String), title: 'CSS tricks', videos: [] },
        ]);
        const second = await createPlaylist(token, '');
        expect(second.body.playlists.map((p: { title: string }) => p.title)).toEqual([
          'CSS tricks',
          '',
        ]);
        const listed = await h.call('GET', '/api/user/playlists', { token });
        expect(listed.body).toEqual(second.body);
      });

      it('refuses a playlist body without a title (422)', async () => {
        const { token } = await h.signUp();
        const result = await h.call('POST', '/api/user/playlists', {
          token,
          body: { playlist: {} },
        });
        expect(result.status).toBe(422);
        expect(result.body).toEqual({ errors: ['playlist.title is required'] });
      });

      it('reads one playlist, adds videos (201, 409 on duplicates) and removes them', async () => {
        const { token } = await h.signUp();
        const id = (await createPlaylist(token, 'JS')).body.playlists[0]._id as string;
        const url = `/api/user/playlists/${id}`;
        expect((await h.call('GET', url, { token })).body).toEqual({
          playlist: { _id: id, title: 'JS', videos: [] },
        });
        const added = await h.call('POST', url, { token, body: { video: seedVideo(3) } });
        expect(added.status).toBe(201);
        expect(added.body).toEqual({ playlist: { _id: id, title: 'JS', videos: [seedVideo(3)] } });
        await h.call('POST', url, { token, body: { video: seedVideo(5) } });
        const duplicate = await h.call('POST', url, { token, body: { video: seedVideo(3) } });
        expect(duplicate.status).toBe(409);
        expect(duplicate.body).toEqual(errorOf('alreadyInPlaylist'));
        const unknown = await h.call('POST', url, { token, body: { video: { _id: 'made-up' } } });
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual(errorOf('videoNotFound'));
        const removed = await h.call('DELETE', `${url}/${seedVideo(3)._id}`, { token });
        expect(removed.status).toBe(200);
        expect(removed.body.playlist.videos).toEqual([seedVideo(5)]);
      });

      it('puts a video back in front of the first of `before` still there (Undo of a removal)', async () => {
        const { token } = await h.signUp();
        const id = (await createPlaylist(token, 'Order')).body.playlists[0]._id as string;
        const url = `/api/user/playlists/${id}`;
        for (const n of [0, 1, 2, 3]) {
          await h.call('POST', url, { token, body: { video: seedVideo(n) } });
        }
        const ids = async () =>
          (await h.call('GET', url, { token })).body.playlist.videos.map(
            (video: { _id: string }) => video._id,
          );
        const [v0, v1, v2, v3] = [0, 1, 2, 3].map((n) => seedVideo(n)._id);

        // Taken out of the middle and put back in its place.
        await h.call('DELETE', `${url}/${v1}`, { token });
        const back = await h.call('POST', url, {
          token,
          body: { video: seedVideo(1), before: [v2, v3] },
        });
        expect(back.status).toBe(201);
        expect(back.body.playlist.videos.map((video: { _id: string }) => video._id)).toEqual([
          v0,
          v1,
          v2,
          v3,
        ]);

        // The video after it gone too: in front of the next one still there.
        await h.call('DELETE', `${url}/${v1}`, { token });
        await h.call('DELETE', `${url}/${v2}`, { token });
        await h.call('POST', url, { token, body: { video: seedVideo(1), before: [v2, v3] } });
        expect(await ids()).toEqual([v0, v1, v3]);
        await h.call('POST', url, { token, body: { video: seedVideo(2), before: [v3] } });
        expect(await ids()).toEqual([v0, v1, v2, v3]);

        // None of them left (or none given): at the end, as a plain add.
        await h.call('DELETE', `${url}/${v0}`, { token });
        await h.call('POST', url, { token, body: { video: seedVideo(0), before: ['made-up'] } });
        expect(await ids()).toEqual([v1, v2, v3, v0]);

        // Still refused when already there; the order is untouched.
        const duplicate = await h.call('POST', url, {
          token,
          body: { video: seedVideo(2), before: [v1] },
        });
        expect(duplicate.status).toBe(409);
        expect(duplicate.body).toEqual(errorOf('alreadyInPlaylist'));
        expect(await ids()).toEqual([v1, v2, v3, v0]);
      });

      it('deletes a playlist with 200 and answers 404 for one that does not exist', async () => {
        const { token } = await h.signUp();
        await createPlaylist(token, 'keep');
        const created = await createPlaylist(token, 'drop');
        const dropId = created.body.playlists[1]._id as string;
        const deleted = await h.call('DELETE', `/api/user/playlists/${dropId}`, { token });
        expect(deleted.status).toBe(200);
        expect(deleted.body.playlists.map((p: { title: string }) => p.title)).toEqual(['keep']);
        for (const [method, path] of [
          ['GET', `/api/user/playlists/${dropId}`],
          ['DELETE', `/api/user/playlists/${dropId}`],
          ['DELETE', `/api/user/playlists/${dropId}/${seedVideo(0)._id}`],
        ] as const) {
          const result = await h.call(method, path, { token });
          expect(result.status).toBe(404);
          expect(result.body).toEqual(errorOf('playlistNotFound'));
        }
        const add = await h.call('POST', `/api/user/playlists/${dropId}`, {
          token,
          body: { video: seedVideo(0) },
        });
        expect(add.status).toBe(404);
        expect(add.body).toEqual(errorOf('playlistNotFound'));
      });
    });

    describe('/api/user/notes', () => {
      it('adds notes with 201 (an empty one too), lists them and deletes one', async () => {
        const { token } = await h.signUp();
        expect((await h.call('GET', '/api/user/notes', { token })).body).toEqual({ notes: [] });
        const videoId = seedVideo(2)._id;
        const first = await h.call('POST', `/api/user/notes/${videoId}`, {
          token,
          body: { note: { content: 'Flexbox at 12:30' } },
        });
        expect(first.status).toBe(201);
        expect(first.body.notes).toEqual([
          { _id: expect.any(String), content: 'Flexbox at 12:30', videoId },
        ]);
        const empty = await h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, {
          token,
          body: { note: { content: '' } },
        });
        expect(empty.status).toBe(201);
        expect(empty.body.notes).toHaveLength(2);
        const listed = await h.call('GET', '/api/user/notes', { token });
        expect(listed.body).toEqual(empty.body);
        const noteId = first.body.notes[0]._id as string;
        const deleted = await h.call('DELETE', `/api/user/notes/${noteId}`, { token });
        expect(deleted.status).toBe(200);
        expect(deleted.body.notes).toEqual([empty.body.notes[1]]);
        const again = await h.call('DELETE', `/api/user/notes/${noteId}`, { token });
        expect(again.status).toBe(404);
        expect(again.body).toEqual(errorOf('noteNotFound'));
      });

      it('keeps the moment in the video a note was started at', async () => {
        const { token } = await h.signUp();
        const videoId = seedVideo(3)._id;
        const timed = await h.call('POST', `/api/user/notes/${videoId}`, {
          token,
          body: { note: { content: 'closures', time: 754.5 } },
        });
        expect(timed.status).toBe(201);
        expect(timed.body.notes).toEqual([
          { _id: expect.any(String), content: 'closures', videoId, time: 754.5 },
        ]);
        const bad = await h.call('POST', `/api/user/notes/${videoId}`, {
          token,
          body: { note: { content: 'x', time: -1 } },
        });
        expect(bad.status).toBe(422);
        expect(bad.body).toEqual({ errors: ['note.time must be at least 0'] });
        expect((await h.call('GET', '/api/user/notes', { token })).body.notes).toHaveLength(1);
      });

      it('refuses notes on unknown videos (404) and without content (422)', async () => {
        const { token } = await h.signUp();
        const unknown = await h.call('POST', '/api/user/notes/made-up', {
          token,
          body: { note: { content: 'x' } },
        });
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual(errorOf('videoNotFound'));
        const missing = await h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, {
          token,
          body: { note: { text: 'x' } },
        });
        expect(missing.status).toBe(422);
        expect(missing.body).toEqual({ errors: ['note.content is required'] });
      });
    });

    describe("a user's notes and playlists in all: the caps hold under parallel writes", () => {
      const AT = '2026-11-28T12:00:00.000Z';
      const addNote = (token: string, content: string) =>
        h.call('POST', `/api/user/notes/${seedVideo(1)._id}`, {
          token,
          body: { note: { content } },
        });
      const addPlaylist = (token: string, title: string) =>
        h.call('POST', '/api/user/playlists', { token, body: { playlist: { title } } });
      const statuses = (results: { status: number }[]) =>
        results.reduce<Record<number, number>>((counts, { status }) => {
          counts[status] = (counts[status] ?? 0) + 1;
          return counts;
        }, {});

      it(`${MAX_NOTES_CHARACTERS} characters: of 100 parallel notes of ${MAX_NOTE_LENGTH}, exactly enough are kept`, async () => {
        const { token } = await h.signUp();
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, index) =>
            addNote(token, String(index % 10).repeat(MAX_NOTE_LENGTH)),
          ),
        );
        const kept = MAX_NOTES_CHARACTERS / MAX_NOTE_LENGTH;
        expect(statuses(results)).toEqual({ 201: kept, 422: 100 - kept });
        expect(results.find((result) => result.status === 422)?.body).toEqual(
          errorOf('tooManyNotes'),
        );
        const notes = (await h.call('GET', '/api/user/notes', { token })).body.notes as {
          content: string;
        }[];
        expect(notes.reduce((sum, note) => sum + note.content.length, 0)).toBe(
          MAX_NOTES_CHARACTERS,
        );
      }, 60_000);

      it(`${MAX_PLAYLISTS} playlists: the next is refused with 422 naming the limit, even in parallel`, async () => {
        const { token, user } = await h.signUp();
        for (let index = 0; index < MAX_PLAYLISTS - 10; index += 1) {
          await opened.store.createPlaylist(user._id as string, `p${index}`, AT);
        }
        const results = await Promise.all(
          Array.from({ length: 30 }, (_, index) => addPlaylist(token, `q${index}`)),
        );
        expect(statuses(results)).toEqual({ 201: 10, 422: 20 });
        const refused = results.find((result) => result.status === 422);
        expect(refused?.body).toEqual(errorOf('tooManyPlaylists'));
        expect(refused?.body.errors[0]).toContain(String(MAX_PLAYLISTS));
        const listed = (await h.call('GET', '/api/user/playlists', { token })).body.playlists as {
          _id: string;
        }[];
        expect(listed).toHaveLength(MAX_PLAYLISTS);
        // Deleting one makes room again; another user is not held back.
        await h.call('DELETE', `/api/user/playlists/${listed[0]!._id}`, { token });
        expect((await addPlaylist(token, 'room again')).status).toBe(201);
        expect((await addPlaylist(token, 'one too many')).status).toBe(422);
        const other = await h.signUp();
        expect((await addPlaylist(other.token, 'mine')).status).toBe(201);
      }, 60_000);
    });

    describe('/api/user/progress', () => {
      it('lists positions saved in the same second the same way on every store', async () => {
        const now = new Date('2026-11-24T10:00:00Z');
        const timed = await createHarness(opened.store, {
          counters: opened.counters,
          clock: () => now,
        });
        const { token } = await timed.signUp();
        // Saved in an order that differs from the ids' order.
        const [low, high] = [seedVideo(0)._id, seedVideo(1)._id].sort();
        for (const id of [high, low]) {
          await timed.call('POST', `/api/user/progress/${id}`, { token, body: { seconds: 20 } });
        }
        const listed = await timed.call('GET', '/api/user/progress', { token });
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        expect(listed.body.progress.map((item: any) => item.videoId)).toEqual([low, high]);
      });

      it('saves, updates and forgets the position in one video', async () => {
        const { token } = await h.signUp();
        const url = '/api/user/progress';
        expect((await h.call('GET', url, { token })).body).toEqual({ progress: [] });
        const first = await h.call('POST', `${url}/${seedVideo(0)._id}`, {
          token,
          body: { seconds: 42 },
        });
        expect(first.status).toBe(200);
        expect(first.body.progress).toEqual([
          { videoId: seedVideo(0)._id, seconds: 42, updatedAt: expect.any(String) },
        ]);
        await h.call('POST', `${url}/${seedVideo(0)._id}`, { token, body: { seconds: 90.25 } });
        const listed = await h.call('GET', url, { token });
        expect(listed.body.progress).toHaveLength(1);
        expect(listed.body.progress[0].seconds).toBe(90.25);

        const removed = await h.call('DELETE', `${url}/${seedVideo(0)._id}`, { token });
        expect(removed.status).toBe(200);
        expect(removed.body).toEqual({ progress: [] });
      });

      it('forgets where the user was in a video that leaves the history, and in all at its clearing', async () => {
        const { token } = await h.signUp();
        const ids = [0, 1, 2].map((index) => seedVideo(index)._id);
        for (const id of ids) {
          await h.call('POST', '/api/user/history', { token, body: { video: { _id: id } } });
          await h.call('POST', `/api/user/progress/${id}`, { token, body: { seconds: 60 } });
        }
        const resumable = async () => {
          const listed = await h.call('GET', '/api/user/progress', { token });
          return (listed.body.progress as { videoId: string }[]).map((item) => item.videoId).sort();
        };

        // Another list's removal leaves it alone.
        await h.call('POST', '/api/user/likes', { token, body: { video: { _id: ids[0] } } });
        await h.call('DELETE', `/api/user/likes/${ids[0]}`, { token });
        expect(await resumable()).toEqual([...ids].sort());

        await h.call('DELETE', `/api/user/history/${ids[0]}`, { token });
        expect(await resumable()).toEqual([ids[1], ids[2]].sort());
        const cleared = await h.call('DELETE', '/api/user/history/all', { token });
        expect(cleared.status).toBe(200);
        expect(await resumable()).toEqual([]);
      });

      it("keeps the video's length beside the position; a save without one keeps it", async () => {
        const { token } = await h.signUp();
        const at = (index: number) => `/api/user/progress/${seedVideo(index)._id}`;
        await h.call('POST', at(0), { token, body: { seconds: 30, duration: 600.5 } });
        await h.call('POST', at(1), { token, body: { seconds: 12 } });
        const byVideo = async () => {
          const listed = await h.call('GET', '/api/user/progress', { token });
          return Object.fromEntries(
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
            listed.body.progress.map((item: any) => [item.videoId, item]),
          );
        };
        let saved = await byVideo();
        expect(saved[seedVideo(0)._id]).toEqual({
          videoId: seedVideo(0)._id,
          seconds: 30,
          duration: 600.5,
          updatedAt: expect.any(String),
        });
        // No length known: none is made up.
        expect(saved[seedVideo(1)._id]).toEqual({
          videoId: seedVideo(1)._id,
          seconds: 12,
          updatedAt: expect.any(String),
        });

        await h.call('POST', at(0), { token, body: { seconds: 45 } });
        saved = await byVideo();
        expect(saved[seedVideo(0)._id]).toMatchObject({ seconds: 45, duration: 600.5 });
        await h.call('POST', at(0), { token, body: { seconds: 50, duration: 610 } });
        await h.call('POST', at(1), { token, body: { seconds: 20, duration: 90 } });
        saved = await byVideo();
        expect(saved[seedVideo(0)._id]).toMatchObject({ seconds: 50, duration: 610 });
        expect(saved[seedVideo(1)._id]).toMatchObject({ seconds: 20, duration: 90 });

        // Forgotten and saved again without a length: the old one is gone with the entry.
        await h.call('DELETE', at(0), { token });
        await h.call('POST', at(0), { token, body: { seconds: 5 } });
        saved = await byVideo();
        expect(saved[seedVideo(0)._id]).not.toHaveProperty('duration');

        for (const duration of [0, -3, 'long']) {
          const bad = await h.call('POST', at(2), { token, body: { seconds: 1, duration } });
          expect(bad.status).toBe(422);
          expect(bad.body.errors[0]).toMatch(/^duration /);
        }
        expect(Object.keys(await byVideo())).toHaveLength(2);
      });

      it('refuses unknown videos (404) and bad positions (422)', async () => {
        const { token } = await h.signUp();
        const unknown = await h.call('POST', '/api/user/progress/made-up', {
          token,
          body: { seconds: 1 },
        });
        expect(unknown.status).toBe(404);
        expect(unknown.body).toEqual(errorOf('videoNotFound'));
        const bad = await h.call('POST', `/api/user/progress/${seedVideo(0)._id}`, {
          token,
          body: { seconds: 'late' },
        });
        expect(bad.status).toBe(422);
        expect(bad.body).toEqual({ errors: ['seconds must be a number'] });
        expect((await h.call('GET', '/api/user/progress', { token })).body).toEqual({
          progress: [],
        });
      });
    });

    describe('order: every store lists the same entries the same way', () => {
      // Added neither in catalogue order nor in id order (nor the reverse of either), so a store
      // that sorts by anything but the order of adding answers differently.
      const order = [4, 1, 5, 0, 3];
      const idsOf = (videos: { _id: string }[]) => videos.map((video) => video._id);
      const seedIds = (indexes: number[]) => indexes.map((index) => seedVideo(index)._id);

      /** A harness whose clock stands still until `to` moves it. */
      async function frozen(at: string) {
        let now = new Date(at);
        const timed = await createHarness(opened.store, {
          counters: opened.counters,
          clock: () => now,
        });
        const { token } = await timed.signUp();
        return { timed, token, to: (next: string) => (now = new Date(next)) };
      }

      it('checks that the order of adding is none of the orders a store could sort by', () => {
        const ids = seedIds(order);
        const sorted = [...ids].sort();
        expect(ids).not.toEqual(sorted);
        expect(ids).not.toEqual([...sorted].reverse());
        expect(order).not.toEqual([...order].sort());
      });

      for (const list of ['likes', 'history', 'watchlater'] as const) {
        it(`keeps ${list} in the order of adding, for ties in one second and a clock behind; a re-added video moves to the end`, async () => {
          const { timed, token, to } = await frozen('2026-11-24T10:00:00Z');
          const url = `/api/user/${list}`;
          const read = async () => idsOf((await timed.call('GET', url, { token })).body[list]);
          for (const index of order) {
            const added = await timed.call('POST', url, {
              token,
              body: { video: seedVideo(index) },
            });
            expect(added.status).toBe(201);
          }
          expect(await read()).toEqual(seedIds(order));

          // Removed and added again, even with a clock behind: at the end, every time.
          to('2026-11-24T09:00:00Z');
          await timed.call('DELETE', `${url}/${seedVideo(1)._id}`, { token });
          await timed.call('POST', url, { token, body: { video: seedVideo(1) } });
          expect(await read()).toEqual(seedIds([4, 5, 0, 3, 1]));
          await timed.call('DELETE', `${url}/${seedVideo(4)._id}`, { token });
          await timed.call('POST', url, { token, body: { video: seedVideo(4) } });
          expect(await read()).toEqual(seedIds([5, 0, 3, 1, 4]));
          // A refused duplicate moves nothing.
          const again = await timed.call('POST', url, { token, body: { video: seedVideo(5) } });
          expect(again.status).toBe(409);
          expect(await read()).toEqual(seedIds([5, 0, 3, 1, 4]));
          if (list === 'history') {
            const history = (await timed.call('GET', url, { token })).body.history;
            // eslint-disable-next-line @typescript-eslint/no-explicit-any
            expect(history.map((item: any) => item.watchedAt)).toEqual([
              ...Array<string>(3).fill('2026-11-24T10:00:00+00:00'),
              '2026-11-24T09:00:00+00:00',
              '2026-11-24T09:00:00+00:00',
            ]);
          }
        });
      }

      it('keeps playlists and their videos in the order of adding; a re-added video moves to the end', async () => {
        const { timed, token } = await frozen('2026-11-24T10:00:00Z');
        const titles = ['b', 'c', 'a', 'c'];
        let listed: { _id: string; title: string }[] = [];
        for (const title of titles) {
          const created = await timed.call('POST', '/api/user/playlists', {
            token,
            body: { playlist: { title } },
          });
          listed = created.body.playlists;
        }
        expect(listed.map((playlist) => playlist.title)).toEqual(titles);
        const [first, second] = listed.map((playlist) => `/api/user/playlists/${playlist._id}`);
        const read = async (url = first as string) =>
          idsOf((await timed.call('GET', url, { token })).body.playlist.videos);
        for (const index of order) {
          await timed.call('POST', first as string, { token, body: { video: seedVideo(index) } });
        }
        // The other playlist's adds in between change nothing in the first one.
        for (const index of [3, 0]) {
          await timed.call('POST', second as string, { token, body: { video: seedVideo(index) } });
        }
        expect(await read()).toEqual(seedIds(order));
        expect(await read(second)).toEqual(seedIds([3, 0]));
        await timed.call('DELETE', `${first}/${seedVideo(1)._id}`, { token });
        await timed.call('POST', first as string, { token, body: { video: seedVideo(1) } });
        expect(await read()).toEqual(seedIds([4, 5, 0, 3, 1]));
        const all = await timed.call('GET', '/api/user/playlists', { token });
        expect(idsOf(all.body.playlists[0].videos)).toEqual(seedIds([4, 5, 0, 3, 1]));
        expect(all.body.playlists.map((playlist: { title: string }) => playlist.title)).toEqual(
          titles,
        );
      });

      it('keeps notes in the order of writing, ties in one second included', async () => {
        const { timed, token } = await frozen('2026-11-24T10:00:00Z');
        const written = [
          [4, 'b'],
          [1, 'c'],
          [4, 'a'],
          [0, 'b'],
        ] as const;
        for (const [index, content] of written) {
          await timed.call('POST', `/api/user/notes/${seedVideo(index)._id}`, {
            token,
            body: { note: { content } },
          });
        }
        const notes = async () =>
          (await timed.call('GET', '/api/user/notes', { token })).body.notes as {
            _id: string;
            content: string;
            videoId: string;
          }[];
        const shown = (items: { content: string; videoId: string }[]) =>
          items.map((note) => [note.videoId, note.content]);
        const before = await notes();
        expect(shown(before)).toEqual(
          written.map(([index, content]) => [seedVideo(index)._id, content]),
        );
        await timed.call('DELETE', `/api/user/notes/${before[1]?._id}`, { token });
        await timed.call('POST', `/api/user/notes/${seedVideo(1)._id}`, {
          token,
          body: { note: { content: 'c' } },
        });
        expect(shown(await notes())).toEqual([
          [seedVideo(4)._id, 'b'],
          [seedVideo(4)._id, 'a'],
          [seedVideo(0)._id, 'b'],
          [seedVideo(1)._id, 'c'],
        ]);
      });

      it('lists several positions most recent first; a new save moves one to the front', async () => {
        const { timed, token, to } = await frozen('2026-11-24T10:00:00Z');
        const url = '/api/user/progress';
        const read = async () =>
          // eslint-disable-next-line @typescript-eslint/no-explicit-any
          (await timed.call('GET', url, { token })).body.progress.map((item: any) => item.videoId);
        const saveAt = async (index: number, at: string) => {
          to(at);
          await timed.call('POST', `${url}/${seedVideo(index)._id}`, {
            token,
            body: { seconds: 10 },
          });
        };
        await saveAt(4, '2026-11-24T10:00:01Z');
        await saveAt(1, '2026-11-24T10:00:02Z');
        await saveAt(5, '2026-11-24T10:00:03Z');
        await saveAt(0, '2026-11-24T10:00:04Z');
        expect(await read()).toEqual(seedIds([0, 5, 1, 4]));
        // Watched again: to the front, whatever its place before.
        await saveAt(4, '2026-11-24T10:00:05Z');
        expect(await read()).toEqual(seedIds([4, 0, 5, 1]));
        await saveAt(5, '2026-11-24T10:00:06Z');
        expect(await read()).toEqual(seedIds([5, 4, 0, 1]));
        // Forgotten and saved again: a new entry, at the front.
        await timed.call('DELETE', `${url}/${seedVideo(1)._id}`, { token });
        expect(await read()).toEqual(seedIds([5, 4, 0]));
        await saveAt(1, '2026-11-24T10:00:07Z');
        expect(await read()).toEqual(seedIds([1, 5, 4, 0]));
      });

      it('lists positions saved in one second by video id, for every seed video', async () => {
        const { timed, token } = await frozen('2026-11-24T10:00:00Z');
        const url = '/api/user/progress';
        const indexes = [5, 3, 1, 4, 0, 2];
        for (const index of indexes) {
          await timed.call('POST', `${url}/${seedVideo(index)._id}`, {
            token,
            body: { seconds: 10 },
          });
        }
        const listed = await timed.call('GET', url, { token });
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const ids = listed.body.progress.map((item: any) => item.videoId);
        // By code unit, as JavaScript sorts: upper case before lower case, '-' and '_' in place.
        expect(ids).toEqual([...seedIds(indexes)].sort());
      });
    });

    describe("the versions of a user's lists (the session check's)", () => {
      const versionsOf = async (userId: string) => {
        const session = await opened.store.findSession(userId, 'a-token-id');
        if (!session) throw new Error(`no session facts for ${userId}`);
        return session.listVersions;
      };

      it('move with every write to that list, never with reads or with other lists', async () => {
        const { user, token } = await h.signUp();
        const other = await h.signUp();
        const seen = new Set<string>();
        let last = await versionsOf(user._id);
        /** After `write`, exactly the lists named have new versions never seen before. */
        const expectMoved = async (write: () => Promise<unknown>, moved: string[]) => {
          await write();
          const now = await versionsOf(user._id);
          for (const list of ['likes', 'history', 'watchlater'] as const) {
            if (moved.includes(list)) {
              expect(now[list], list).not.toBe(last[list]);
              expect(seen.has(`${list} ${now[list]}`), `${list} again`).toBe(false);
              seen.add(`${list} ${now[list]}`);
            } else {
              expect(now[list], list).toBe(last[list]);
            }
          }
          last = now;
        };
        for (const [list, version] of Object.entries(last)) seen.add(`${list} ${version}`);
        const video = { video: seedVideo(0) };
        await expectMoved(() => h.call('GET', '/api/user/likes', { token }), []);
        await expectMoved(
          () => h.call('POST', '/api/user/likes', { token, body: video }),
          ['likes'],
        );
        await expectMoved(() => h.call('GET', '/api/user/likes', { token }), []);
        await expectMoved(
          () => h.call('DELETE', `/api/user/likes/${seedVideo(0)._id}`, { token }),
          ['likes'],
        );
        await expectMoved(
          () => h.call('POST', '/api/user/history', { token, body: video }),
          ['history'],
        );
        await expectMoved(() => h.call('DELETE', '/api/user/history/all', { token }), ['history']);
        await expectMoved(
          () => h.call('POST', '/api/user/watchlater', { token, body: video }),
          ['watchlater'],
        );
        // Another user's writes are theirs alone.
        await expectMoved(
          () => h.call('POST', '/api/user/likes', { token: other.token, body: video }),
          [],
        );
      });

      it('move with every catalogue write (the lists show its videos)', async () => {
        const { user, token } = await h.signUp();
        const extra = { ...seedVideo(1), _id: `versions-${Date.now()}`, title: 'Versions' };
        const before = await versionsOf(user._id);
        await opened.store.upsertVideos([extra]);
        const added = await versionsOf(user._id);
        for (const list of ['likes', 'history', 'watchlater'] as const) {
          expect(added[list], list).not.toBe(before[list]);
        }
        await h.call('POST', '/api/user/likes', { token, body: { video: extra } });
        await opened.store.upsertVideos([{ ...extra, title: 'Versions, renamed' }]);
        const renamed = await versionsOf(user._id);
        expect((await h.call('GET', '/api/user/likes', { token })).body.likes[0].title).toBe(
          'Versions, renamed',
        );
        await opened.store.removeVideos([extra._id]);
        const removed = await versionsOf(user._id);
        for (const list of ['likes', 'history', 'watchlater'] as const) {
          expect(removed[list], list).not.toBe(renamed[list]);
        }
        expect((await h.call('GET', '/api/user/likes', { token })).body).toEqual({ likes: [] });
      });
    });

    describe('isolation between users', () => {
      it("never shows, changes or deletes another user's lists, playlists or notes", async () => {
        const alice = await h.signUp();
        const bob = await h.signUp();
        await h.call('POST', '/api/user/likes', {
          token: alice.token,
          body: { video: seedVideo(0) },
        });
        const playlist = await h.call('POST', '/api/user/playlists', {
          token: alice.token,
          body: { playlist: { title: 'mine' } },
        });
        const playlistId = playlist.body.playlists[0]._id as string;
        const notes = await h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, {
          token: alice.token,
          body: { note: { content: 'private' } },
        });
        const noteId = notes.body.notes[0]._id as string;

        expect((await h.call('GET', '/api/user/likes', { token: bob.token })).body).toEqual({
          likes: [],
        });
        expect((await h.call('GET', '/api/user/playlists', { token: bob.token })).body).toEqual({
          playlists: [],
        });
        expect((await h.call('GET', '/api/user/notes', { token: bob.token })).body).toEqual({
          notes: [],
        });
        for (const [method, path, body] of [
          ['GET', `/api/user/playlists/${playlistId}`, undefined],
          ['POST', `/api/user/playlists/${playlistId}`, { video: seedVideo(1) }],
          ['DELETE', `/api/user/playlists/${playlistId}/${seedVideo(0)._id}`, undefined],
          ['DELETE', `/api/user/playlists/${playlistId}`, undefined],
          ['DELETE', `/api/user/notes/${noteId}`, undefined],
        ] as const) {
          const result = await h.call(method, path, { token: bob.token, body });
          expect(result.status).toBe(404);
        }
        await h.call('DELETE', `/api/user/likes/${seedVideo(0)._id}`, { token: bob.token });

        const aliceLikes = await h.call('GET', '/api/user/likes', { token: alice.token });
        expect(aliceLikes.body).toEqual({ likes: [seedVideo(0)] });
        const alicePlaylist = await h.call('GET', `/api/user/playlists/${playlistId}`, {
          token: alice.token,
        });
        expect(alicePlaylist.body.playlist).toEqual({ _id: playlistId, title: 'mine', videos: [] });
        const aliceNotes = await h.call('GET', '/api/user/notes', { token: alice.token });
        expect(aliceNotes.body.notes).toHaveLength(1);
      });
    });

    describe('/api/test-todos', () => {
      it('lists the seeded todos, adds one with 201 and deletes it', async () => {
        const initial = await h.call('GET', '/api/test-todos');
        expect(initial.status).toBe(200);
        expect(initial.body.todos.length).toBeGreaterThanOrEqual(3);
        const added = await h.call('POST', '/api/test-todos', {
          body: { title: 'Try the tester' },
        });
        expect(added.status).toBe(201);
        const created = added.body.todos.at(-1);
        expect(created).toEqual({
          _id: expect.any(String),
          title: 'Try the tester',
          completed: false,
        });
        const deleted = await h.call('DELETE', `/api/test-todos/${created._id}`);
        expect(deleted.status).toBe(200);
        expect(deleted.body.todos).toEqual(initial.body.todos);
        const missing = await h.call('DELETE', `/api/test-todos/${created._id}`);
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(errorOf('todoNotFound'));
        const invalid = await h.call('POST', '/api/test-todos', { body: { title: 3 } });
        expect(invalid.status).toBe(422);
        expect(invalid.body).toEqual({ errors: ['title must be text'] });
      });
    });

    describe('answers carrying user data or a token', () => {
      it('tell every cache not to store them (Cache-Control: no-store), refusals too', async () => {
        const { token, payload } = await h.signUp();
        const video = seedVideo(0);
        const calls: [string, string, { body?: unknown; token?: string }][] = [
          ['POST', '/api/auth/signup', { body: { ...payload, email: `x${payload.email}` } }],
          ['POST', '/api/auth/signup', { body: payload }],
          [
            'POST',
            '/api/auth/login',
            { body: { email: payload.email, password: payload.password } },
          ],
          ['POST', '/api/auth/login', { body: { email: payload.email, password: 'wrong-one-1' } }],
          ['GET', '/api/user/likes', { token }],
          ['POST', '/api/user/likes', { token, body: { video } }],
          ['GET', '/api/user/likes', {}],
          ['GET', '/api/user/history', { token }],
          ['GET', '/api/user/history/all', { token }],
          ['GET', '/api/user/watchlater', { token }],
          ['GET', '/api/user/playlists', { token }],
          ['POST', '/api/user/playlists', { token, body: { playlist: { title: 'Kept' } } }],
          ['GET', '/api/user/notes', { token }],
          ['GET', '/api/user/progress', { token }],
          ['POST', `/api/user/progress/${video._id}`, { token, body: { seconds: 20 } }],
          ['GET', '/api/user/nope', { token }],
          ['GET', '/api/test-todos', { token }],
          ['POST', '/api/auth/logout-everywhere', { token }],
          ['POST', '/api/auth/logout', { token: await h.logInTestAccount() }],
        ];
        for (const [method, path, options] of calls) {
          const result = await h.call(method, path, options);
          expect(result.status, `${method} ${path}`).toBeLessThan(500);
          expect(result.headers.get('cache-control'), `${method} ${path}`).toBe('no-store');
        }
        // The catalogue is the same for everyone: cached, and checked again with its ETag.
        const catalogue = await h.call('GET', '/api/videos');
        expect(catalogue.headers.get('cache-control')).toBe('no-cache');
      });
    });

    describe('errors for anything else', () => {
      it('answers unknown /api routes with 404 in the error shape', async () => {
        for (const [method, path] of [
          ['GET', '/api/nope'],
          ['PUT', '/api/videos'],
          ['POST', '/api/video/x'],
        ] as const) {
          const result = await h.call(method, path);
          expect(result.status).toBe(404);
          expect(result.body).toEqual(errorOf('routeNotFound'));
        }
      });

      it('refuses a body over 1 MB with 413 and stores nothing', async () => {
        const { token } = await h.signUp();
        const result = await h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, {
          token,
          body: { note: { content: 'x'.repeat(1024 * 1024 + 10) } },
        });
        expect(result.status).toBe(413);
        expect(result.body).toEqual(errorOf('payloadTooLarge'));
        expect((await h.call('GET', '/api/user/notes', { token })).body).toEqual({ notes: [] });
      });

      it('serves an OpenAPI document naming every route', async () => {
        const result = await h.call('GET', '/api/openapi.json');
        expect(result.status).toBe(200);
        expect(result.body.openapi).toBe('3.1.0');
        expect(
          result.body.paths['/api/user/playlists/{playlistId}/{videoId}'].delete,
        ).toBeDefined();
        expect(
          result.body.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema
            .required,
        ).toEqual(['firstName', 'lastName', 'email', 'password']);
        // A video's length: optional, whole seconds above 0.
        const video =
          result.body.paths['/api/video/{videoId}'].get.responses['200'].content['application/json']
            .schema.properties.video;
        expect(video.properties.duration).toMatchObject({ type: 'integer', exclusiveMinimum: 0 });
        expect(video.required).not.toContain('duration');
      });
    });
  });
}
