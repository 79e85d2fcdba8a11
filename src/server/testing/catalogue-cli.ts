import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { builtServerFile, projectRoot } from './built-server';

export interface CliRun {
  code: number | null;
  /** The signal that ended it, if one did (then `code` is null). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Starts the real catalogue CLI, compiled (`node dist/server/catalogue.mjs …`), with the given
 * environment (DATABASE_URL, DATA_DIR, INIT_CWD), and collects what it prints until it ends: the
 * caller feeds its standard input (and may signal it) through `child`. It runs in the project's
 * folder, as `npm run` runs it, unless `cwd` says otherwise.
 */
export function startCatalogueCli(
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): { child: ChildProcessWithoutNullStreams; ended: Promise<CliRun> } {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', builtServerFile('catalogue.mjs'), ...args],
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
  // A CLI that ends before reading all its input must not fail the test with EPIPE.
  child.stdin.on('error', () => {});
  const ended = new Promise<CliRun>((done, fail) => {
    child.once('error', fail);
    child.once('close', (code, signal) => done({ code, signal, stdout, stderr }));
  });
  return { child, ended };
}

/** Runs the CLI to its end (see startCatalogueCli), feeding it `stdin` (or nothing). */
export function runCatalogueCli(
  args: string[],
  env: Record<string, string>,
  stdin?: string,
  options: { cwd?: string } = {},
): Promise<CliRun> {
  const { child, ended } = startCatalogueCli(args, env, options);
  child.stdin.end(stdin ?? '');
  return ended;
}
