import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real catalogue CLI (`node --import tsx src/server/catalogue/cli.ts …`) with the given
 * environment (DATABASE_URL, DATA_DIR), optionally feeding `stdin`, and collects what it printed.
 */
export function runCatalogueCli(
  args: string[],
  env: Record<string, string>,
  stdin?: string,
): Promise<CliRun> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/server/catalogue/cli.ts', ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
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
