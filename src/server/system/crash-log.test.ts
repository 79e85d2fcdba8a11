import { afterAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { killAllServers, startServer } from '../testing/server-process';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

/**
 * A crash is one JSON line at level error (an operator alerts on it), then exit 1. The crash is
 * made by a module loaded before the server (`--import`) that throws from a SIGUSR2 handler,
 * outside any request: an uncaught exception.
 */
const THROW_ON_SIGNAL = "process.on('SIGUSR2', () => { throw new Error('made to crash'); });\n";

describe('a crash', () => {
  const dir = createTempDir();
  afterAll(async () => {
    killAllServers();
    await dir.drop();
  });

  it('is logged as one JSON line at level error, then the process exits 1', async () => {
    const crasher = join(dir.path, 'crash-on-usr2.mjs');
    writeFileSync(crasher, THROW_ON_SIGNAL);
    const server = await startServer(
      {
        DATA_DIR: dir.path,
        WEB_DIR: writeWebFixture(dir.path),
        DATABASE_URL: join(dir.path, 'crash.sqlite'),
        JWT_SECRET: 'crash-log-test-secret-of-at-least-32-chars',
        WEB_CONCURRENCY: '1',
        NODE_OPTIONS: `--import=${crasher}`,
      },
      [3540, 3545],
    );
    const exited = new Promise<number | null>((done) =>
      server.child.once('exit', (code) => done(code)),
    );
    server.child.kill('SIGUSR2');
    expect(await exited).toBe(1);
    const crashLines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('made to crash'));
    expect(crashLines).toHaveLength(1);
    expect(JSON.parse(crashLines[0]!)).toMatchObject({
      level: 'error',
      crash: 'uncaughtException',
      err: { message: 'made to crash', stack: expect.stringContaining('Error: made to crash') },
    });
  }, 60_000);
});
