import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { createTempDir } from '../testing/test-databases';
import { writeWebFixture } from '../testing/web-fixture';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = createTempDir();
afterAll(dir.drop);

/**
 * A production install as an operator makes it: the repository's files dated after a copied
 * dist/ (a fresh checkout), and node_modules holding the production dependencies only (each
 * linked to the shared install, so their own dependencies are found there), without Vite or
 * esbuild.
 */
function productionInstall(name: string): string {
  const root = join(dir.path, name);
  mkdirSync(join(root, 'scripts'), { recursive: true });
  const scripts = ['start.mjs', 'run-built.mjs', 'build-state.mjs', 'precompress-web.mjs'];
  for (const script of scripts) {
    cpSync(join(projectRoot, 'scripts', script), join(root, 'scripts', script));
  }
  cpSync(join(projectRoot, 'dist/server'), join(root, 'dist/server'), { recursive: true });
  writeWebFixture(join(root, 'dist'));
  // The page renderer built beside dist/web (here one that renders nothing: the shell goes out).
  mkdirSync(join(root, 'dist/web-render'), { recursive: true });
  writeFileSync(
    join(root, 'dist/web-render/render-page.js'),
    'export async function renderPage() { return undefined; }\n',
  );
  const manifest = readFileSync(join(projectRoot, 'package.json'), 'utf8');
  writeFileSync(join(root, 'package.json'), manifest);
  const { dependencies } = JSON.parse(manifest) as { dependencies: Record<string, string> };
  for (const dependency of Object.keys(dependencies)) {
    const link = join(root, 'node_modules', dependency);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(projectRoot, 'node_modules', dependency), link, 'dir');
  }
  // The sources of a fresh checkout: newer than the copied build.
  mkdirSync(join(root, 'src/web'), { recursive: true });
  writeFileSync(join(root, 'src/web/main.tsx'), 'export {};\n');
  mkdirSync(join(root, 'src/server'), { recursive: true });
  writeFileSync(join(root, 'src/server/main.ts'), 'export {};\n');
  return root;
}

/** Runs `npm start` (scripts/start.mjs) until /api/health answers, then stops it. */
async function startAndCheckHealth(root: string, env: Record<string, string>) {
  const port = await freePort(3460, 3469);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(root, 'data'),
      WEB_CONCURRENCY: '1',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  try {
    await new Promise<void>((listening, failed) => {
      const append = (chunk: Buffer) => {
        output += chunk.toString();
        if (/listening on http/.test(output)) listening();
      };
      child.stdout.on('data', append);
      child.stderr.on('data', append);
      void exited.then((code) => failed(new Error(`exited with ${code}:\n${output}`)));
    });
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return { status: response.status, body: await response.json(), output };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Whether a process of that pid runs (a zombie, reaped by no one yet, counts as gone). */
function isAlive(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

describe('a production install (npm ci --omit=dev and a copied dist/)', () => {
  it('starts with NODE_ENV=production without building, though its sources look newer', async () => {
    const root = productionInstall('production');
    const { status, body, output } = await startAndCheckHealth(root, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://tube.example.org',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok' });
    expect(output).not.toMatch(/Building|changed since the last build/);
  }, 60_000);

  it('starts without NODE_ENV too, saying the build tools are not there to rebuild', async () => {
    const root = productionInstall('no-tools');
    const { status, output } = await startAndCheckHealth(root, {});
    expect(status).toBe(200);
    expect(output).toContain(
      'src/web changed since the last build, but Vite is not installed (a production install): using the build there is',
    );
  }, 60_000);

  it('runs the catalogue CLI with NODE_ENV=production', () => {
    const root = productionInstall('catalogue');
    const result = spawnSync(process.execPath, ['scripts/run-built.mjs', 'catalogue', 'export'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: join(root, 'data') },
      encoding: 'utf8',
    });
    expect(result.stderr).not.toMatch(/Building|changed since the last build/);
    expect(result.status).toBe(0);
  }, 60_000);

  it('runs the users CLI with NODE_ENV=production', () => {
    const root = productionInstall('users');
    const result = spawnSync(process.execPath, ['scripts/run-built.mjs', 'users', 'list'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: join(root, 'data') },
      encoding: 'utf8',
    });
    expect(result.stderr).not.toMatch(/Building|changed since the last build/);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('email\tname\tcreated\tstate');
  }, 60_000);

  it("stops the server when npm start's own process gets SIGTERM (kill <npm pid>)", async () => {
    const root = productionInstall('kill-npm');
    const port = await freePort(3460, 3469);
    const npm = spawn('npm', ['start'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
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
    const npmExited = new Promise<number | null>((done) => npm.once('exit', (code) => done(code)));
    let serverPid: number | undefined;
    try {
      serverPid = await new Promise<number>((listening, failed) => {
        const append = (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split('\n').find((each) => /listening on http/.test(each));
          if (line) listening((JSON.parse(line) as { pid: number }).pid);
        };
        npm.stdout.on('data', append);
        npm.stderr.on('data', append);
        void npmExited.then((code) => failed(new Error(`npm exited with ${code}:\n${output}`)));
      });
      expect(serverPid).not.toBe(npm.pid);
      npm.kill('SIGTERM');
      await npmExited;
      // npm is gone: so is the server, and nothing answers on its port.
      expect(isAlive(serverPid), output).toBe(false);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
      expect(output).toContain('SIGTERM received');
    } finally {
      npm.kill('SIGKILL');
      if (serverPid !== undefined && isAlive(serverPid)) process.kill(serverPid, 'SIGKILL');
    }
  }, 60_000);

  it('says what to do when NODE_ENV=production finds no build', () => {
    const root = productionInstall('unbuilt');
    rmSync(join(root, 'dist/server/main.mjs'));
    const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'CodeTube cannot start: dist/server/main.mjs is missing: build once with `npm run build`',
    );
  }, 60_000);
});
