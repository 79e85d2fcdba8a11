import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseConfig } from '../config';
import { prepareOnce } from '../serve';
import { recordingLog } from '../testing/recording-log';
import {
  createPostgresDatabase,
  createTempDir,
  type TestDatabase,
} from '../testing/test-databases';
import { openDatabase } from './open-database';
import { readConnectionLimits } from './connection-budget';

/**
 * Issue 42 #5: with a 12-connection role and 4 workers of 10 connections, 159 of 200 requests got
 * 503. The server reads what PostgreSQL allows its role and refuses a start that cannot fit.
 */
describe('the connections PostgreSQL allows the server', () => {
  const role = `codetube_limited_${Math.random().toString(36).slice(2, 8)}`;
  let database: TestDatabase;
  let limitedUrl: string;
  const dataDir = createTempDir();

  const asAdmin = async (statement: string) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    database = await createPostgresDatabase(inject('postgresUrl'));
    await asAdmin(`create role ${role} login password 'limited' connection limit 12`);
    const name = new URL(database.url).pathname.slice(1);
    await asAdmin(`grant all on database "${name}" to ${role}`);
    await asAdmin(`grant all on schema public to ${role}`);
    const url = new URL(database.url);
    url.username = role;
    url.password = 'limited';
    limitedUrl = url.toString();
  });
  afterAll(async () => {
    await database?.drop();
    await asAdmin(`drop role if exists ${role}`).catch(() => {});
    await dataDir.drop();
  });

  it("reads max_connections, the reserved slots and the role's limit", async () => {
    const opened = openDatabase({ dialect: 'postgres', url: limitedUrl });
    try {
      const limits = await readConnectionLimits(opened.db);
      expect(limits.roleLimit).toBe(12);
      expect(limits.superuser).toBe(false);
      expect(limits.databaseLimit).toBeUndefined();
      expect(limits.maxConnections).toBeGreaterThan(limits.reserved);
      expect(limits.reserved).toBeGreaterThanOrEqual(3);
    } finally {
      await opened.close();
    }
  });

  it('refuses to start 4 workers × 10 connections on a 12-connection role, with the numbers', async () => {
    const { log } = recordingLog();
    const config = parseConfig({
      DATABASE_URL: limitedUrl,
      DATA_DIR: dataDir.path,
      JWT_SECRET: 'x'.repeat(32),
      WEB_CONCURRENCY: '4',
      DEMO_ACCOUNT: 'off',
    });
    await expect(prepareOnce(config, log)).rejects.toThrow(
      "PostgreSQL allows this role 12 connections (the role's CONNECTION LIMIT 12), but 4 worker " +
        'processes (WEB_CONCURRENCY) × 10 connections (DATABASE_POOL_SIZE) need 40',
    );
  }, 60_000);

  it('starts when DATABASE_POOL_SIZE makes them fit', async () => {
    const { log } = recordingLog();
    const config = parseConfig({
      DATABASE_URL: limitedUrl,
      DATA_DIR: dataDir.path,
      JWT_SECRET: 'x'.repeat(32),
      WEB_CONCURRENCY: '4',
      DATABASE_POOL_SIZE: '3',
      DEMO_ACCOUNT: 'off',
    });
    const opened = await prepareOnce(config, log);
    await opened.close();
  }, 60_000);
});
