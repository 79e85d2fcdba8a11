import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A database of its own for one test file; `drop` removes it. */
export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

async function asAdmin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh, empty PostgreSQL database on the test server (`inject('postgresUrl')`: only
 * the files listed in usesPostgres, src/server/testing/test-needs.ts, have one).
 */
export async function createPostgresDatabase(serverUrl: string | undefined): Promise<TestDatabase> {
  if (!serverUrl) {
    throw new Error(
      'this test file has no PostgreSQL: it is started only for the files listed in usesPostgres ' +
        '(src/server/testing/test-needs.ts): add it there',
    );
  }
  const name = `codetube_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await asAdmin(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdmin(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

/** A fresh temp directory for SQLite files (and a data folder); `drop` deletes it. */
export function createTempDir(): { path: string; drop: () => Promise<void> } {
  const path = mkdtempSync(join(tmpdir(), 'codetube-test-'));
  return { path, drop: async () => rmSync(path, { recursive: true, force: true }) };
}
