import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = createTempDir();
afterAll(dir.drop);

/** Runs the server with an environment it must refuse; it exits before listening. */
function startWith(env: Record<string, string>) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '3190',
      WEB_DIR: writeWebFixture(dir.path),
      ...env,
    },
    encoding: 'utf8',
  });
  return { code: result.status, stderr: result.stderr };
}

describe('the server refuses to start', () => {
  it('with a bad configuration, naming each bad variable', () => {
    const { code, stderr } = startWith({ PORT: 'http', DATABASE_URL: 'mysql://db/x' });
    expect(code).toBe(1);
    expect(stderr).toContain('CodeTube cannot start, the configuration is invalid:');
    expect(stderr).toContain('PORT: must be a whole number from 1 to 65535 (got "http")');
    expect(stderr).toContain('DATABASE_URL: must be a file path, a file: URL or a postgres://');
  }, 30_000);

  it('when the database cannot be reached, saying which one', () => {
    const { code, stderr } = startWith({ DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(stderr).toContain('cannot open the database (PostgreSQL 127.0.0.1:1)');
  }, 30_000);
});
