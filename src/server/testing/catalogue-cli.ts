import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real catalogue CLI, compiled (`node dist/server/catalogue.mjs …`), with the given
 * environment (DATABASE_URL, DATA_DIR, INIT_CWD), optionally feeding `stdin`, and collects what it
 * printed. It runs in the project's folder, as `npm run` runs it, unless `cwd` says otherwise.
 */
export function runCatalogueCli(
  args: string[],
  env: Record<string, string>,
  stdin?: string,
  options: { cwd?: string } = {},
): Promise<CliRun> {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', join(projectRoot, 'dist/server/catalogue.mjs'), ...args],
    {
      cwd: options.cwd ?? projectRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', INIT_CWD: '', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin ?? '');
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}
