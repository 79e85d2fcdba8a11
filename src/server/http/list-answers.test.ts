import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import { checkSession } from '../../api/auth/require-user';
import { signToken } from '../../api/auth/tokens';
import { systemClock } from '../../api/clock';
import { createApi } from '../../api/create-api';
import { seedVideo, TEST_SECRET, testHasher } from '../../api/testing/api-harness';
import { seedIfEmpty } from '../../api/seed/seed-data';
import { seedVideos } from '../../api/seed/videos';
import { nodeTokenCodec } from '../auth/node-token-codec';
import type { DatabaseLocation } from '../db/dialect';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../db/open-database';
import { SqlStore } from '../db/sql-store';
import type { Logger } from '../logger';
import { createServerApp } from '../server-app';
import { createPostgresDatabase, createTempDir } from '../testing/test-databases';
import { ListAnswers } from './list-answers';
import { secureResponses, securityHeaderList } from './security-headers';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };
/** Headers that differ from one answer to the next by design. */
const PER_ANSWER = new Set(['date', 'keep-alive', 'connection', 'x-request-id']);
const headersOf = (response: Response) =>
  [...response.headers].filter(([name]) => !PER_ANSWER.has(name));

const databases: {
  name: string;
  create: () => Promise<[DatabaseLocation, () => Promise<void>]>;
}[] = [
  {
    name: 'SQLite',
    create: async () => {
      const dir = createTempDir();
      return [{ dialect: 'sqlite', path: join(dir.path, 'lists.sqlite') }, dir.drop];
    },
  },
  {
    name: 'PostgreSQL',
    create: async () => {
      const database = await createPostgresDatabase(inject('postgresUrl'));
      return [{ dialect: 'postgres', url: database.url }, database.drop];
    },
  },
];

describe.each(databases)('kept list answers on $name', ({ create }) => {
  let drop: () => Promise<void>;
  let database: OpenDatabase;
  /** A second connection to the same database: another process, as far as the server knows. */
  let elsewhere: OpenDatabase;
  let otherStore: SqlStore;
  let server: Server;
  let origin: string;
  let lists: ListAnswers;
  const statements: string[] = [];
  const served: string[] = [];

  beforeAll(async () => {
    const [location, dropDatabase] = await create();
    drop = dropDatabase;
    database = openDatabase(location, { onStatement: (sql) => statements.push(sql) });
    await migrateToLatest(database);
    elsewhere = openDatabase(location);
    otherStore = new SqlStore(elsewhere);
    const store = new SqlStore(database);
    await seedIfEmpty(store, testHasher, systemClock());
    lists = new ListAnswers(
      (authorization, method) =>
        checkSession(
          { store, secret: TEST_SECRET, tokenCodec: nodeTokenCodec, clock: systemClock },
          authorization,
          method,
        ),
      ({ method, path }) => served.push(`${method} ${path}`),
    );
    const app = createServerApp({
      api: createApi({
        store,
        secret: TEST_SECRET,
        tokenCodec: nodeTokenCodec,
        passwordHasher: testHasher,
        clock: systemClock,
        checkedSession: (c) => lists.checkedFor((c.env as HttpBindings | undefined)?.incoming),
      }),
      site: () => undefined,
      checkDatabase: async () => {},
      settleWrites: database.settleWrites,
      log: quiet,
      // As behind a proxy TRUST_PROXY trusts: the caller's X-Request-Id is kept.
      fromTrustedProxy: () => true,
    });
    server = createServer(
      { ServerResponse: secureResponses(await securityHeaderList()) },
      lists.serving(getRequestListener(lists.keeping(app.fetch))),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await elsewhere.close();
    await database.close();
    await drop();
  });

  const call = (method: string, path: string, token?: string, body?: unknown) =>
    fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let users = 0;
  async function signUp() {
    users += 1;
    const response = await call('POST', '/api/auth/signup', undefined, {
      firstName: 'Kept',
      lastName: 'Lists',
      email: `kept-${users}-${Date.now()}@example.com`,
      password: 'kept-lists-1',
    });
    const body = (await response.json()) as { encodedToken: string; createdUser: { _id: string } };
    return { token: body.encodedToken, userId: body.createdUser._id };
  }

  /** The answer and the statements the database received for it. */
  async function read(
    path: string,
    token: string | undefined,
    headers: Record<string, string> = {},
  ) {
    statements.length = 0;
    served.length = 0;
    const response = await fetch(`${origin}${path}`, {
      headers: { ...(token ? { authorization: token } : {}), ...headers },
    });
    const body = await response.arrayBuffer();
    return { response, body: Buffer.from(body), sent: [...statements], kept: served.length > 0 };
  }

  it('answers a repeated read from the bytes the app answered, after the session query alone', async () => {
    const { token } = await signUp();
    for (const video of seedVideos) {
      expect((await call('POST', '/api/user/likes', token, { video })).status).toBe(201);
    }
    for (const coding of ['identity', 'gzip', 'br']) {
      const headers = { 'accept-encoding': coding };
      const first = await read('/api/user/likes', `Bearer ${token}`, headers);
      expect(first.kept).toBe(false);
      expect(first.sent).toHaveLength(2);
      const again = await read('/api/user/likes', `Bearer ${token}`, headers);
      expect(again.kept).toBe(true);
      expect(again.sent).toHaveLength(1);
      expect(again.sent[0]).toMatch(/revoked_tokens/);
      expect(again.response.status).toBe(200);
      expect(again.body.equals(first.body)).toBe(true);
      expect(headersOf(again.response)).toEqual(headersOf(first.response));
      expect(again.response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(again.response.headers.get('x-request-id')).toMatch(/^[\w-]{36}$/);
      expect(again.response.headers.get('x-request-id')).not.toBe(
        first.response.headers.get('x-request-id'),
      );
      if (coding !== 'identity')
        expect(again.response.headers.get('content-encoding')).toBe(coding);
    }
    const plain = await read('/api/user/likes', token);
    expect(JSON.parse(plain.body.toString()).likes).toEqual(seedVideos);
  });

  it("keeps each list and each user's apart, and the caller's request id", async () => {
    const alice = await signUp();
    const bob = await signUp();
    await call('POST', '/api/user/history', alice.token, { video: seedVideo(1) });
    await call('POST', '/api/user/watchlater', bob.token, { video: seedVideo(2) });
    for (let round = 0; round < 2; round++) {
      const history = await read('/api/user/history', alice.token);
      expect(
        JSON.parse(history.body.toString()).history.map((v: { _id: string }) => v._id),
      ).toEqual([seedVideo(1)._id]);
      expect((await read('/api/user/likes', alice.token)).body.toString()).toBe('{"likes":[]}');
      expect((await read('/api/user/watchlater', alice.token)).body.toString()).toBe(
        '{"watchlater":[]}',
      );
      const theirs = await read('/api/user/watchlater', bob.token, { 'x-request-id': 'trace-7' });
      expect(JSON.parse(theirs.body.toString()).watchlater[0]._id).toBe(seedVideo(2)._id);
      expect(theirs.response.headers.get('x-request-id')).toBe('trace-7');
      expect(theirs.kept).toBe(round === 1);
    }
  });

  it('reads the list again after a write, here or through another connection to the database', async () => {
    const { token, userId } = await signUp();
    await read('/api/user/likes', token);
    expect((await read('/api/user/likes', token)).kept).toBe(true);
    await call('POST', '/api/user/likes', token, { video: seedVideo(0) });
    const afterLike = await read('/api/user/likes', token);
    expect(afterLike.kept).toBe(false);
    expect(afterLike.sent).toHaveLength(2);
    expect(JSON.parse(afterLike.body.toString()).likes.map((v: { _id: string }) => v._id)).toEqual([
      seedVideo(0)._id,
    ]);
    expect((await read('/api/user/likes', token)).kept).toBe(true);

    // Written by another process: the next read here sees it.
    await otherStore.addVideoTo(userId, 'likes', seedVideo(3)._id, '2026-01-01T00:00:00+00:00');
    const ids = async () =>
      JSON.parse((await read('/api/user/likes', token)).body.toString()).likes.map(
        (v: { _id: string }) => v._id,
      );
    expect(await ids()).toEqual([seedVideo(0)._id, seedVideo(3)._id]);
    await otherStore.removeVideoFrom(userId, 'likes', seedVideo(0)._id);
    expect(await ids()).toEqual([seedVideo(3)._id]);
    // A catalogue write elsewhere changes the videos the list shows.
    await otherStore.upsertVideos([{ ...seedVideo(3), title: 'Renamed elsewhere' }]);
    const renamed = await read('/api/user/likes', token);
    expect(renamed.kept).toBe(false);
    expect(JSON.parse(renamed.body.toString()).likes[0].title).toBe('Renamed elsewhere');
    await otherStore.upsertVideos([seedVideo(3)]);
  });

  it('answers refusals as the API does, after that one query at most', async () => {
    const invalid = { errors: [apiErrors.invalidToken.message] };
    const none = await read('/api/user/likes', undefined);
    expect(none.response.status).toBe(401);
    expect(JSON.parse(none.body.toString())).toEqual(invalid);
    const garbage = await read('/api/user/likes', 'Bearer not-a-token');
    expect(garbage.response.status).toBe(401);
    expect(garbage.sent).toHaveLength(0);

    // Logged out here, and logged out everywhere from another process.
    const here = await signUp();
    await read('/api/user/likes', here.token);
    expect((await read('/api/user/likes', here.token)).kept).toBe(true);
    expect((await call('POST', '/api/auth/logout', here.token)).status).toBe(200);
    const loggedOut = await read('/api/user/likes', here.token);
    expect(loggedOut.response.status).toBe(401);
    expect(JSON.parse(loggedOut.body.toString())).toEqual(invalid);
    expect(loggedOut.sent).toHaveLength(1);

    const there = await signUp();
    await read('/api/user/history', there.token);
    expect((await read('/api/user/history', there.token)).kept).toBe(true);
    await otherStore.endAllSessions(there.userId);
    const ended = await read('/api/user/history', there.token);
    expect(ended.response.status).toBe(401);
    expect(JSON.parse(ended.body.toString())).toEqual(invalid);
    expect(ended.sent).toHaveLength(1);

    const third = await signUp();
    await read('/api/user/likes', third.token);
    const claims = JSON.parse(Buffer.from(third.token.split('.')[1]!, 'base64url').toString());
    await otherStore.revokeToken(claims.jti, claims.exp, claims.iat);
    expect((await read('/api/user/likes', third.token)).response.status).toBe(401);

    const ghost = await signToken(
      { _id: 'ghost', email: 'ghost@example.com' },
      TEST_SECRET,
      new Date(),
    );
    const missing = await read('/api/user/likes', ghost);
    expect(missing.response.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toEqual({
      errors: [apiErrors.emailNotRegistered.message],
    });
    expect(missing.sent).toHaveLength(1);
  });

  it('leaves every other request to the app', async () => {
    const { token } = await signUp();
    await read('/api/user/likes?x=1', token);
    expect((await read('/api/user/likes?x=1', token)).kept).toBe(false);
    const head = await fetch(`${origin}/api/user/likes`, {
      method: 'HEAD',
      headers: { authorization: token },
    });
    expect(head.status).toBe(200);
    expect(lists.size.entries).toBeGreaterThan(0);
  });
});

describe('kept list answers, bounded', () => {
  it('forgets the least recently used past its limits', async () => {
    const versions = new Map<string, number>();
    const lists = new ListAnswers(
      async (authorization) => ({
        user: { _id: authorization, email: `${authorization}@example.com` },
        session: { tokenId: 't', expiresAt: 0 },
        listVersions: {
          likes: String(versions.get(authorization) ?? 0),
          history: '0',
          watchlater: '0',
        },
      }),
      () => {},
      { bytes: 1024 * 1024, entries: 2 },
    );
    const server = createServer(
      lists.serving(
        getRequestListener(
          lists.keeping((request) =>
            Response.json({ likes: [request.headers.get('authorization')] }),
          ),
        ),
      ),
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const user of ['a', 'b', 'c']) {
        const response = await fetch(`${origin}/api/user/likes`, {
          headers: { authorization: user },
        });
        expect(await response.json()).toEqual({ likes: [user] });
      }
      expect(lists.size.entries).toBe(2);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
