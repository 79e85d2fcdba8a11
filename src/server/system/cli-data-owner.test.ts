import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { builtServerFile } from '../testing/built-server';
import { createTempDir } from '../testing/test-databases';

/**
 * The operators' commands run as another user than the data folder's owner (root, where the
 * service's user owns /var/lib/codetube): they must not create the SQLite file, which the
 * service could then not open (EACCES). As root, a folder given to `nobody` stands in for the
 * service's.
 */
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const dir = createTempDir();
afterAll(dir.drop);

function run(bundle: string, args: string[], dataDir: string) {
  return spawnSync(process.execPath, [builtServerFile(`${bundle}.mjs`), ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, JWT_SECRET: '', INIT_CWD: '' },
    encoding: 'utf8',
  });
}

describe.skipIf(!isRoot)(
  `the CLIs in a data folder of another user${isRoot ? '' : ' (skipped: needs root to chown)'}`,
  () => {
    for (const [bundle, args] of [
      ['catalogue', ['export']],
      ['catalogue', ['transcripts', 'export']],
      ['users', ['list']],
      ['migrate', []],
    ] as const) {
      it(`${bundle} ${args.join(' ')} refuses to create the database there, naming both users`, () => {
        const data = join(dir.path, `${bundle}-${args.join('-')}`);
        mkdirSync(data, { mode: 0o700 });
        chownSync(data, NOBODY, NOBODY);
        const result = run(bundle, [...args], data);
        expect(result.status, result.stderr).not.toBe(0);
        expect(result.stderr).toContain(
          `refusing to create ${join(data, 'codetube.sqlite')} as root: the folder belongs to nobody`,
        );
        expect(result.stderr).toContain('sudo -u nobody');
        expect(readdirSync(data)).toEqual([]);
      });
    }

    it("a CLI of the folder's own user creates it as before", () => {
      const data = join(dir.path, 'own');
      mkdirSync(data, { mode: 0o700 });
      const result = run('users', ['list'], data);
      expect(result.status, result.stderr).toBe(0);
      expect(existsSync(join(data, 'codetube.sqlite'))).toBe(true);
    });
  },
);
