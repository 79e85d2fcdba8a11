import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrors, signupDomainMessage } from '../../contract/errors';
import type { ApiDeps } from '../context';
import { createHarness } from './api-harness';
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
  });
}
