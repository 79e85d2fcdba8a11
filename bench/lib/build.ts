import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from './temp';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const viteBin = join(projectRoot, 'node_modules/vite/bin/vite.js');

export type BuildMode = 'server' | 'mock';
const builds = new Map<string, Promise<string>>();

/**
 * `vite build` (server mode, with its page renderer beside it in `<outDir>-render`, where the
 * server looks for it) or `vite build --mode mock` into a temp outDir, with extra VITE_*
 * variables; never touches dist/. One build per mode and variables per `npm run bench` run: the
 * bundle, Lighthouse and browser benches share them.
 */
export function buildApp(mode: BuildMode, env: Record<string, string> = {}): Promise<string> {
  const key = JSON.stringify([mode, env]);
  let build = builds.get(key);
  if (!build) {
    build = runBuild(mode, env);
    builds.set(key, build);
  }
  return build;
}

async function runBuild(mode: BuildMode, env: Record<string, string>): Promise<string> {
  const outDir = join(tempDir(`build-${mode}`), 'out');
  const args = [viteBin, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  if (mode === 'mock') args.push('--mode', 'mock');
  const started = performance.now();
  await vite(args, mode, env);
  if (mode === 'server') {
    const renderer = ['--ssr', 'src/web/ssr/render-page.tsx', '--outDir', `${outDir}-render`];
    await vite([viteBin, 'build', ...renderer, '--emptyOutDir', '--logLevel', 'warn'], mode, env);
  }
  const vars = Object.entries(env).map(([name, value]) => `${name}=${value} `);
  console.log(
    `  (built ${vars.join('')}${mode} mode in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return outDir;
}

function vite(args: string[], mode: BuildMode, env: Record<string, string>): Promise<void> {
  return new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', fail);
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`vite build (${mode}) failed:\n${errors}`)),
    );
  });
}
