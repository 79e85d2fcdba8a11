import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, signupDomainMessage } from '../../contract/errors';
import type { ApiDeps } from '../context';
import { createHarness, seedVideo } from './api-harness';
import type { OpenedStore } from './api-suite';

/** A signup body for `email`. */
const signupBody = (email: string) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email,
  password: 'analytical-engine',
});

let emailCount = 0;
/** A fresh address at `domain`. */
const freshEmail = (domain: string) => {
  emailCount += 1;
  return `pupil-${emailCount}-${Math.random().toString(36).slice(2)}@${domain}`;
};

/**
 * Account control (issue 28): who may sign up (SIGNUP, SIGNUP_EMAIL_DOMAINS), disabled accounts,
 * and what a user does with their own account (name, password, their data, deleting it), run
 * against any Store.
 */
export function describeAccountsSuite(storeName: string, openStore: () => Promise<OpenedStore>) {
  describe(`accounts on ${storeName}`, () => {
    let opened: OpenedStore;
    const harness = (overrides: Partial<ApiDeps> = {}) =>
      createHarness(opened.store, { counters: opened.counters, ...overrides });

    beforeAll(async () => {
      opened = await openStore();
    });
    afterAll(async () => {
      await opened?.close();
    });

    describe('who may sign up', () => {
      it('is anyone by default, and GET /api/config says so', async () => {
        const h = await harness();
        const config = await h.call('GET', '/api/config');
        expect(config.body).toEqual({
          demoAccount: true,
          signup: { open: true, emailDomains: [] },
        });
        const created = await h.call('POST', '/api/auth/signup', {
          body: signupBody(freshEmail('anywhere.example')),
        });
        expect(created.status).toBe(201);
      });

      it('closed: every signup is refused with 403 and a clear message; no account is made', async () => {
        const h = await harness({ signup: { open: false, emailDomains: [] } });
        expect((await h.call('GET', '/api/config')).body.signup).toEqual({
          open: false,
          emailDomains: [],
        });
        const email = freshEmail('school.example');
        const refused = await h.call('POST', '/api/auth/signup', { body: signupBody(email) });
        expect({ status: refused.status, ...refused.body }).toEqual({
          status: 403,
          errors: [apiErrors.signupClosed.message],
        });
        expect(apiErrors.signupClosed.message).toMatch(/closed/);
        expect(await opened.store.findUserByEmail(email)).toBeUndefined();
        // Before the body is even read: a bad one gets the same answer.
        const bad = await h.call('POST', '/api/auth/signup', { body: {} });
        expect(bad.status).toBe(403);
        // Those who have accounts still log in.
        const open = await harness();
        const { payload } = await open.signUp();
        const login = await h.call('POST', '/api/auth/login', {
          body: { email: payload.email, password: payload.password },
        });
        expect(login.status).toBe(200);
      });

      it('limited to email domains: others are refused with 403 naming the domains', async () => {
        const domains = ['school.example', 'pupils.school.example'];
        const h = await harness({ signup: { open: true, emailDomains: domains } });
        expect((await h.call('GET', '/api/config')).body.signup).toEqual({
          open: true,
          emailDomains: domains,
        });
        for (const domain of ['gmail.example', 'evil-school.example', 'school.example.evil']) {
          const email = freshEmail(domain);
          const refused = await h.call('POST', '/api/auth/signup', { body: signupBody(email) });
          expect({ status: refused.status, ...refused.body }, email).toEqual({
            status: 403,
            errors: [signupDomainMessage(domains)],
          });
          expect(await opened.store.findUserByEmail(email)).toBeUndefined();
        }
        expect(signupDomainMessage(domains)).toBe(
          'Signups are limited to email addresses at school.example or pupils.school.example.',
        );
        // A listed domain, in any case, with blanks around the address.
        for (const domain of ['school.example', 'School.EXAMPLE', 'pupils.school.example']) {
          const created = await h.call('POST', '/api/auth/signup', {
            body: signupBody(`  ${freshEmail(domain)} `),
          });
          expect(created.status, domain).toBe(201);
        }
      });

      it('limited to email domains: a bad body is still named field by field (422)', async () => {
        const h = await harness({ signup: { open: true, emailDomains: ['school.example'] } });
        const answer = await h.call('POST', '/api/auth/signup', { body: {} });
        expect(answer.status).toBe(422);
      });
    });

    describe("disabled accounts (the operators' `npm run users -- disable`)", () => {
      it('refuse login with 403 after a right password, end sessions, and come back when enabled', async () => {
        const h = await harness();
        const { token, payload, user } = await h.signUp();
        await opened.store.setUserDisabled(user._id, true);
        await opened.store.endAllSessions(user._id);
        expect((await opened.store.findUserByEmail(payload.email))?.disabled).toBe(true);
        expect((await opened.store.listUsers()).find((u) => u._id === user._id)).toMatchObject({
          email: payload.email,
          disabled: true,
        });
        expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(401);
        const login = (password: string) =>
          h.call('POST', '/api/auth/login', { body: { email: payload.email, password } });
        const refused = await login(payload.password);
        expect({ status: refused.status, ...refused.body }).toEqual({
          status: 403,
          errors: [apiErrors.accountDisabled.message],
        });
        expect((await login('not-their-password')).status).toBe(401);
        await opened.store.setUserDisabled(user._id, false);
        expect((await opened.store.findUserByEmail(payload.email))?.disabled).toBeFalsy();
        const back = await login(payload.password);
        expect(back.status).toBe(200);
        expect(back.body.foundUser.disabled).toBeUndefined();
      });

      it('cannot be set by a signup extra field named disabled', async () => {
        const h = await harness();
        const { payload, user } = await h.signUp({ disabled: true });
        expect(user.disabled).toBeUndefined();
        expect((await opened.store.findUserByEmail(payload.email))?.disabled).toBeFalsy();
      });
    });

    describe("the user's own account (the profile screen)", () => {
      const video = () => ({ _id: seedVideo(0)._id });

      /** A signed-up user with something in every list. */
      async function userWithData(h: Awaited<ReturnType<typeof harness>>) {
        const signed = await h.signUp();
        const { token } = signed;
        await h.call('POST', '/api/user/likes', { body: { video: video() }, token });
        await h.call('POST', '/api/user/history', { body: { video: video() }, token });
        await h.call('POST', '/api/user/watchlater', { body: { video: video() }, token });
        const made = await h.call('POST', '/api/user/playlists', {
          body: { playlist: { title: 'Mine' } },
          token,
        });
        await h.call('POST', `/api/user/playlists/${made.body.playlists[0]._id}`, {
          body: { video: video() },
          token,
        });
        await h.call('POST', `/api/user/notes/${video()._id}`, {
          body: { note: { content: 'A note', time: 7 } },
          token,
        });
        await h.call('POST', `/api/user/progress/${video()._id}`, {
          body: { seconds: 42, duration: 600 },
          token,
        });
        await h.call('POST', '/api/test-todos', { body: { title: 'Mine' }, token });
        return signed;
      }

      it('changes the name: 200 with the user, kept for the next login', async () => {
        const h = await harness();
        const { token, payload } = await h.signUp();
        const changed = await h.call('POST', '/api/user/profile', {
          body: { firstName: '  Ada ', lastName: 'Byron' },
          token,
        });
        expect(changed.status).toBe(200);
        expect(changed.body.user).toMatchObject({
          firstName: 'Ada',
          lastName: 'Byron',
          email: payload.email,
        });
        expect(changed.body.user.passwordHash).toBeUndefined();
        const login = await h.call('POST', '/api/auth/login', {
          body: { email: payload.email, password: payload.password },
        });
        expect(login.body.foundUser).toMatchObject({ firstName: 'Ada', lastName: 'Byron' });
        const empty = await h.call('POST', '/api/user/profile', {
          body: { firstName: '', lastName: 'Byron' },
          token,
        });
        expect(empty.status).toBe(422);
        expect(empty.body.errors[0]).toMatch(/^firstName /);
      });

      it('changes the password with the current one: this session goes on, every other ends', async () => {
        const h = await harness();
        const { token, payload } = await h.signUp();
        const other = (
          await h.call('POST', '/api/auth/login', {
            body: { email: payload.email, password: payload.password },
          })
        ).body.encodedToken as string;
        const changed = await h.call('POST', '/api/user/password', {
          body: { currentPassword: payload.password, newPassword: 'a-whole-new-secret' },
          token,
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        const fresh = changed.body.encodedToken as string;
        expect((await h.call('GET', '/api/user/likes', { token: fresh })).status).toBe(200);
        expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(401);
        expect((await h.call('GET', '/api/user/likes', { token: other })).status).toBe(401);
        const login = (password: string) =>
          h.call('POST', '/api/auth/login', { body: { email: payload.email, password } });
        expect((await login(payload.password)).status).toBe(401);
        expect((await login('a-whole-new-secret')).status).toBe(200);
      });

      it('refuses a wrong current password (403, not 401: the session stays) and a weak new one (422)', async () => {
        const h = await harness();
        const { token, payload } = await h.signUp();
        const wrong = await h.call('POST', '/api/user/password', {
          body: { currentPassword: 'not-my-password', newPassword: 'a-whole-new-secret' },
          token,
        });
        expect({ status: wrong.status, ...wrong.body }).toEqual({
          status: 403,
          errors: [apiErrors.wrongPassword.message],
        });
        const weak = await h.call('POST', '/api/user/password', {
          body: { currentPassword: payload.password, newPassword: 'short' },
          token,
        });
        expect({ status: weak.status, ...weak.body }).toEqual({
          status: 422,
          errors: ['newPassword must be at least 8 characters'],
        });
        expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(200);
        const login = await h.call('POST', '/api/auth/login', {
          body: { email: payload.email, password: payload.password },
        });
        expect(login.status).toBe(200);
      });

      it('stops guessing the current password after a few wrong ones (429)', async () => {
        const h = await harness();
        const { token, payload } = await h.signUp();
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 12; attempt += 1) {
          const answer = await h.call('POST', '/api/user/delete-account', {
            body: { currentPassword: `guess-${attempt}` },
            token,
          });
          statuses.push(answer.status);
        }
        expect(statuses.slice(0, 10).every((status) => status === 403)).toBe(true);
        expect(statuses.slice(10)).toEqual([429, 429]);
        expect(await opened.store.findUserByEmail(payload.email)).toBeDefined();
      });

      it('exports all their data as JSON: profile, lists, playlists, notes, positions', async () => {
        const h = await harness();
        const { token, user } = await userWithData(h);
        const exported = await h.call('GET', '/api/user/export', { token });
        expect(exported.status).toBe(200);
        expect(exported.headers.get('cache-control')).toBe('no-store');
        const data = exported.body;
        expect(data.profile).toEqual(user);
        expect(data.likes.map((v: { _id: string }) => v._id)).toEqual([video()._id]);
        expect(data.history).toMatchObject([{ _id: video()._id }]);
        expect(data.history[0].watchedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
        expect(data.watchLater).toMatchObject([{ _id: video()._id }]);
        expect(data.playlists).toMatchObject([{ title: 'Mine', videos: [{ _id: video()._id }] }]);
        expect(data.notes).toMatchObject([{ content: 'A note', time: 7, videoId: video()._id }]);
        expect(data.progress).toMatchObject([{ videoId: video()._id, seconds: 42 }]);
        expect(data.exportedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
      });

      it('deletes the account and all its data after the password; the email can sign up anew', async () => {
        const h = await harness();
        const { token, user, payload } = await userWithData(h);
        const wrong = await h.call('POST', '/api/user/delete-account', {
          body: { currentPassword: 'not-my-password' },
          token,
        });
        expect(wrong.status).toBe(403);
        expect(await opened.store.findUserByEmail(payload.email)).toBeDefined();
        const deleted = await h.call('POST', '/api/user/delete-account', {
          body: { currentPassword: payload.password },
          token,
        });
        expect({ status: deleted.status, ...deleted.body }).toEqual({ status: 200, deleted: true });
        expect(await opened.store.findUserByEmail(payload.email)).toBeUndefined();
        expect((await opened.store.listUsers()).some((u) => u._id === user._id)).toBe(false);
        expect((await h.call('GET', '/api/user/likes', { token })).status).toBe(404);
        const login = await h.call('POST', '/api/auth/login', {
          body: { email: payload.email, password: payload.password },
        });
        expect(login.status).toBe(404);
        // Nothing of theirs is left under their id.
        expect(await opened.store.listNotes(user._id).catch(() => [])).toEqual([]);
        expect(await opened.store.listPlaylists(user._id).catch(() => [])).toEqual([]);
        expect(await opened.store.listProgress(user._id).catch(() => [])).toEqual([]);
        expect(await opened.store.listTodos(`user:${user._id}`)).toHaveLength(
          (await opened.store.listTodos('address:nobody')).length,
        );
        const again = await h.signUp({ email: payload.email });
        const mine = await h.call('GET', '/api/user/likes', { token: again.token });
        expect(mine.body).toEqual({ likes: [] });
      });

      it("never touches another user's account", async () => {
        const h = await harness();
        const a = await userWithData(h);
        const b = await userWithData(h);
        await h.call('POST', '/api/user/profile', {
          body: { firstName: 'Changed', lastName: 'Name' },
          token: a.token,
        });
        await h.call('POST', '/api/user/delete-account', {
          body: { currentPassword: a.payload.password },
          token: a.token,
        });
        const bData = await h.call('GET', '/api/user/export', { token: b.token });
        expect(bData.body.profile).toEqual(b.user);
        expect(bData.body.likes).toHaveLength(1);
        expect(bData.body.notes).toHaveLength(1);
      });
    });
  });
}
