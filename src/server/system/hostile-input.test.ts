import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { callServer } from '../testing/http-client';
import { killAllServers, startServer } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

/** Ports 3460-3469 are this file's. */
const PORTS = [3460, 3469] as const;

afterAll(killAllServers);

/**
 * Issue 26's hostile inputs against the compiled server: the email that froze a worker for 20 s
 * (#1), passwords anyone guesses (#6), and a signup posted as a form from another site (#13).
 */
describe('the server against hostile signups', () => {
  it('refuses them with 4xx naming the rule, and still signs up a good one', async () => {
    const dir = createTempDir();
    const server = await startServer(
      {
        DATABASE_URL: join(dir.path, 'hostile.sqlite'),
        JWT_SECRET: 'hostile-input-test-secret-of-32-chars',
        DATA_DIR: dir.path,
        WEB_DIR: writeWebFixture(dir.path),
      },
      PORTS,
    );
    const person = { firstName: 'Hostile', lastName: 'Input' };
    const signup = (body: Record<string, unknown>) =>
      callServer(server.url, 'POST', '/api/auth/signup', { body: { ...person, ...body } });

    // Two at once: each used to hold a worker for seconds. Only the length rule answers now.
    const email = `a@${'a.'.repeat(40_000)}@`;
    const answers = await Promise.all([
      signup({ email, password: 'a-good-password-1' }),
      signup({ email, password: 'a-good-password-1' }),
    ]);
    for (const answer of answers) {
      expect({ status: answer.status, ...answer.body }).toEqual({
        status: 422,
        errors: ['email must be at most 254 characters'],
      });
    }
    const health = await callServer(server.url, 'GET', '/api/health');
    expect(health.status).toBe(200);

    const address = `hostile-${Date.now()}@example.com`;
    for (const [password, message] of [
      ['a', 'password must be at least 8 characters'],
      [' ', 'password must be at least 8 characters'],
      ['password', 'password is one of the 10,000 most common passwords; choose another'],
    ]) {
      const weak = await signup({ email: address, password });
      expect({ status: weak.status, ...weak.body }, password).toEqual({
        status: 422,
        errors: [message],
      });
    }

    const form = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ ...person, email: address, password: 'a-good-password-1' }),
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ errors: [apiErrors.unsupportedMediaType.message] });

    const good = await signup({ email: address, password: 'a-good-password-1' });
    expect(good.status).toBe(201);
  }, 60_000);
});
