import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { killAllServers, serverCommand, startServer } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = createTempDir();
afterAll(dir.drop);

/** Runs the server with an environment it must refuse; it exits before listening. */
function startWith(env: Record<string, string>) {
  const result = spawnSync(process.execPath, serverCommand(), {
    cwd: projectRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '3190',
      WEB_DIR: writeWebFixture(dir.path),
      ...env,
    },
    encoding: 'utf8',
    // A server that starts after all is stopped (the test then fails on its exit code).
    timeout: 25_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the server refuses to start', () => {
  it('with a bad configuration, naming each bad variable', () => {
    const { code, stderr } = startWith({ PORT: 'http', DATABASE_URL: 'mysql://db/x' });
    expect(code).toBe(1);
    expect(stderr).toContain('CodeTube cannot start, the configuration is invalid:');
    expect(stderr).toContain('PORT: must be a whole number from 1 to 65535 (got "http")');
    expect(stderr).toContain('DATABASE_URL: must be a file path, a file: URL or a postgres://');
  }, 30_000);

  it('with NODE_ENV=production and no PUBLIC_URL, naming it', () => {
    const { code, stderr } = startWith({
      NODE_ENV: 'production',
      DATA_DIR: join(dir.path, 'production'),
      WEB_CONCURRENCY: '1',
      JWT_SECRET: 'p'.repeat(32),
    });
    expect(code).toBe(1);
    expect(stderr).toContain('CodeTube cannot start, the configuration is invalid:');
    expect(stderr).toContain('PUBLIC_URL: must be set when NODE_ENV=production');
  }, 30_000);

  it('when the database cannot be reached, saying which one', () => {
    const { code, stderr } = startWith({ DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(stderr).toContain('cannot open the database (PostgreSQL 127.0.0.1:1)');
  }, 30_000);

  it('when the database file cannot be opened, saying which one', () => {
    // A folder where the file should be: SQLite cannot open it, as with a folder it may not write.
    const { code, stderr } = startWith({ DATABASE_URL: dir.path, WEB_CONCURRENCY: '1' });
    expect(code).toBe(1);
    expect(stderr).toContain(`cannot open the database (SQLite ${dir.path})`);
  }, 30_000);

  it('when DATABASE_URL names a file in a folder that does not exist, creating nothing', () => {
    const missingFolder = join(dir.path, 'nonexistent/dir');
    const { code, stderr } = startWith({
      DATA_DIR: dir.path,
      DATABASE_URL: join(missingFolder, 'x.sqlite'),
      WEB_CONCURRENCY: '1',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `cannot open the database (SQLite ${missingFolder}/x.sqlite): the folder ${missingFolder} does not exist: create it, or correct DATABASE_URL`,
    );
    expect(existsSync(join(dir.path, 'nonexistent'))).toBe(false);
  }, 30_000);

  it('when the built app is missing, saying how to build it', () => {
    const missing = join(dir.path, 'no-build');
    const { code, stderr } = startWith({
      WEB_DIR: missing,
      DATA_DIR: dir.path,
      DATABASE_URL: join(dir.path, 'no-build.sqlite'),
      WEB_CONCURRENCY: '1',
    });
    expect(code).toBe(1);
    expect(stderr).toContain(
      `${missing} does not exist: build the app first (npm run build) or set WEB_DIR`,
    );
  }, 30_000);

  it('with a bad WEB_CONCURRENCY, saying what it takes', () => {
    for (const bad of ['0', 'all', '65']) {
      const { code, stderr } = startWith({ WEB_CONCURRENCY: bad });
      expect(code).toBe(1);
      expect(stderr).toContain(
        `WEB_CONCURRENCY: must be a whole number from 1 to 64 (got ${JSON.stringify(bad)})`,
      );
    }
  }, 30_000);

  it('when the metrics cannot listen (METRICS_PORT taken), saying so', async () => {
    const port = await freePort(4430, 4439);
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(port, '127.0.0.1', listening));
    try {
      for (const workers of ['1', '2']) {
        const { code, stderr } = startWith({
          METRICS_PORT: String(port),
          DATA_DIR: dir.path,
          DATABASE_URL: `${dir.path}/metrics-taken.sqlite`,
          WEB_CONCURRENCY: workers,
        });
        expect(code, workers).toBe(1);
        expect(stderr).toContain(
          `CodeTube failed to start: cannot serve the metrics on 127.0.0.1:${port}: listen EADDRINUSE`,
        );
      }
    } finally {
      taken.close();
    }
  }, 30_000);

  it('when its workers cannot listen: the primary stops and says why', async () => {
    const port = await freePort(4420, 4429);
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(port, '127.0.0.1', listening));
    try {
      const { code, stdout, stderr } = startWith({
        PORT: String(port),
        DATA_DIR: dir.path,
        DATABASE_URL: `${dir.path}/taken.sqlite`,
        WEB_CONCURRENCY: '2',
        LOG_FORMAT: 'json',
      });
      expect(code).toBe(1);
      expect(stderr).toContain(`CodeTube failed to start: cannot listen on 127.0.0.1:${port}`);
      expect(stderr).toContain('EADDRINUSE');
      // The primary's reason is in the log too, written out before it exited.
      expect(stdout).toMatch(/"msg":"worker \d+ exited \(code 1\) before listening: cannot listen/);
      expect(stdout).toMatch(/"pid":\d+,.*"msg":"closed"/);
    } finally {
      taken.close();
    }
  }, 30_000);
});

describe('the server creates', () => {
  afterAll(killAllServers);

  it('the default data folder (DATA_DIR) on its first start, and the database in it', async () => {
    const dataDir = join(dir.path, 'first-start/data');
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        WEB_DIR: writeWebFixture(dir.path),
        WEB_CONCURRENCY: '1',
      },
      [3480, 3489],
    );
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(existsSync(join(dataDir, 'codetube.sqlite'))).toBe(true);
    expect((await server.stop('SIGTERM')).code).toBe(0);
  }, 30_000);
});
