import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

/**
 * scripts/install-production.sh, the install the Dockerfile runs (no image can be built on the
 * test machines, so the script is what is tested). npm itself is a stand-in here that records
 * its arguments and links the production dependencies from the shared install: a real
 * `npm ci` would download and compile them on every run.
 */
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const script = join(projectRoot, 'scripts/install-production.sh');
const dir = createTempDir();
afterAll(dir.drop);

const fakeNpm = join(dir.path, 'fake-npm.mjs');
writeFileSync(
  fakeNpm,
  `import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
writeFileSync('npm-arguments.json', JSON.stringify(process.argv.slice(2)));
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));
for (const name of Object.keys(dependencies)) {
  const link = join('node_modules', name);
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(${JSON.stringify(join(projectRoot, 'node_modules'))} + '/' + name, link, 'dir');
}
`,
);

/** A checkout as the Dockerfile's install stage has it: manifests, scripts/ and a built dist/. */
function checkout(name: string): string {
  const root = join(dir.path, name);
  mkdirSync(root, { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) {
    cpSync(join(projectRoot, file), join(root, file));
  }
  cpSync(join(projectRoot, 'scripts'), join(root, 'scripts'), { recursive: true });
  cpSync(join(projectRoot, 'dist/server'), join(root, 'dist/server'), { recursive: true });
  writeWebFixture(join(root, 'dist'));
  return root;
}

function install(root: string) {
  return spawnSync('sh', [script, root], {
    env: { PATH: process.env.PATH ?? '', NPM: `${process.execPath} ${fakeNpm}` },
    encoding: 'utf8',
  });
}

describe('scripts/install-production.sh', () => {
  it('installs the production dependencies only, and the result starts in production', async () => {
    const root = checkout('installed');
    const result = install(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('install-production: ready');
    const npmArguments = JSON.parse(readFileSync(join(root, 'npm-arguments.json'), 'utf8'));
    expect(npmArguments).toEqual(['ci', '--omit=dev', '--no-audit', '--no-fund']);

    const port = await freePort(3520, 3521);
    const child = spawn(process.execPath, ['dist/server/main.mjs'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://tube.example.org',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: join(root, 'data'),
        WEB_CONCURRENCY: '1',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    try {
      await new Promise<void>((listening, failed) => {
        const append = (chunk: Buffer) => {
          output += chunk.toString();
          if (/listening on http/.test(output)) listening();
        };
        child.stdout.on('data', append);
        child.stderr.on('data', append);
        void exited.then(() => failed(new Error(`exited:\n${output}`)));
      });
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 60_000);

  it('refuses a checkout without a built dist/, saying how to build it', () => {
    const root = checkout('unbuilt');
    rmSync(join(root, 'dist/server/backup.mjs'));
    const result = install(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'install-production: dist/server/backup.mjs is missing: build once with `npm ci && npm run build`',
    );
  });

  it('refuses a folder that is not a checkout', () => {
    const empty = join(dir.path, 'empty');
    mkdirSync(empty);
    const result = install(empty);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('install-production: no package.json and package-lock.json');
  });
});
