import { spawn } from 'node:child_process';
import { builtServerFile, projectRoot } from './built-server';

/**
 * Runs one of the operators' compiled commands (`node dist/server/backup.mjs …`, `migrate.mjs`)
 * in the project's folder, as `npm run` does, to its end.
 */
export function runOpsCli(
  name: 'backup' | 'migrate',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', builtServerFile(`${name}.mjs`), ...args],
    {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', JWT_SECRET: '', INIT_CWD: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}
