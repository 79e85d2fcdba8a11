/**
 * The operators' catalogue CLI (`npm run catalogue -- import <file>`, src/server/catalogue/cli.ts)
 * run as its own process against a server's database, timed, with its peak memory. The CLI lives
 * on another branch until it is merged: `catalogueCliExists()` says whether this checkout has it.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Video } from '../../src/contract/entities';
import { generateVideos } from '../../src/api/seed/generated-videos';
import { projectRoot } from './build';

const cliPath = join(projectRoot, 'src/server/catalogue/cli.ts');
const timeBin = '/usr/bin/time';

export const catalogueCliExists = () => existsSync(cliPath);

/**
 * Writes `count` made-up videos as JSON Lines, with ids no seed uses (`<prefix>-0000001`), the
 * way an operator's export would look. Streams, so a million lines cost no memory. Returns bytes.
 */
export async function writeVideosJsonl(file: string, count: number, prefix: string) {
  const out = createWriteStream(file);
  let bytes = 0;
  let number = 0;
  for (const made of generateVideos(count)) {
    number += 1;
    const video: Video = { ...made, _id: `${prefix}-${String(number).padStart(7, '0')}` };
    const line = `${JSON.stringify(video)}\n`;
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}

export interface ImportRun {
  ms: number;
  /** Peak resident memory of the CLI process (`/usr/bin/time -v`, else polled VmHWM), MiB. */
  peakRssMiB: number;
  exitCode: number | null;
  /** Its last lines of output (the summary, or the error). */
  output: string;
}

/** `node --import tsx src/server/catalogue/cli.ts import <file>` on the given database. */
export async function runImport(options: {
  file: string;
  databaseUrl: string;
  dataDir: string;
}): Promise<ImportRun> {
  const command = [process.execPath, '--import', 'tsx', cliPath, 'import', options.file];
  const timed = existsSync(timeBin);
  const child = spawn(
    timed ? timeBin : command[0]!,
    timed ? ['-v', ...command] : command.slice(1),
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        DATA_DIR: options.dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const started = performance.now();
  // Without /usr/bin/time the child is node itself: poll its peak until it exits.
  let polledKiB = 0;
  const poll = timed
    ? undefined
    : setInterval(() => {
        try {
          const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
          polledKiB = Math.max(polledKiB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
        } catch {
          // Exited between two polls.
        }
      }, 100);
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  const ms = performance.now() - started;
  clearInterval(poll);
  const reportedKiB = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(output)?.[1] ?? 0);
  const summary = output
    .split('\n')
    .filter((line) => line && !line.startsWith('\t'))
    .slice(-6)
    .join('\n');
  return { ms, peakRssMiB: (timed ? reportedKiB : polledKiB) / 1024, exitCode, output: summary };
}
