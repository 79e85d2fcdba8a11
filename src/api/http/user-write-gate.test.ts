import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import type { ApiEnv } from '../context';
import { ApiError, errorResponse } from './errors';
import { userWriteGate } from './user-write-gate';

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resume) => setTimeout(resume, 1));
};

describe('userWriteGate', () => {
  it("runs one user's writes two at a time, lets one wait, refuses the next with 429", async () => {
    // Writes hold until the test lets them go; the most of each user's running at once.
    const held: (() => void)[] = [];
    let letGo = false;
    const running = new Map<string, number>();
    const most = new Map<string, number>();
    const app = new Hono<ApiEnv>();
    app.use(async (c, next) => {
      c.set('user', { _id: c.req.header('x-user') ?? 'u', email: 'u@example.com' });
      await next();
    });
    app.use(userWriteGate(2, 1));
    app.get('/read', (c) => c.json({ ok: true }));
    app.post('/write', async (c) => {
      const user = c.var.user._id;
      running.set(user, (running.get(user) ?? 0) + 1);
      most.set(user, Math.max(most.get(user) ?? 0, running.get(user)!));
      if (!letGo) await new Promise<void>((done) => held.push(done));
      running.set(user, running.get(user)! - 1);
      return c.json({ ok: true });
    });
    app.onError((error, c) =>
      error instanceof ApiError
        ? errorResponse(c, error.status, error.messages, error.headers)
        : c.json({}, 500),
    );
    const write = (user = 'u') =>
      Promise.resolve(app.request('/write', { method: 'POST', headers: { 'x-user': user } }));

    const first = [write(), write(), write()];
    await until(() => held.length === 2);
    const refused = await write();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ errors: [apiErrors.tooManyRequests.message] });
    // Another user's writes and the user's own reads are not held back.
    const theirs = write('v');
    await until(() => held.length === 3);
    expect((await app.request('/read', { headers: { 'x-user': 'u' } })).status).toBe(200);

    letGo = true;
    for (const done of held.splice(0)) done();
    const answers = await Promise.all([...first, theirs]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(Object.fromEntries(most)).toEqual({ u: 2, v: 1 });
    // Room again once they are done.
    expect((await write()).status).toBe(200);
  });
});
