/**
 * `npm run bench`: runs every benchmark under bench/ (or the ones named: `npm run bench --
 * write-mix soak`), each printing its figures against its goal and a baseline measured in the
 * same run. A benchmark that fails is reported and the others still run; the exit code says so.
 */
import { readdir } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
// Servers run in process groups of their own: on Ctrl-C, exit normally so that the benches'
// exit handlers stop them (and remove the temp folders).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const available = (await readdir(here))
  .filter((name) => name.endsWith('.bench.ts'))
  .map((name) => name.slice(0, -'.bench.ts'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(
    `bench: no benchmark named ${unknown.join(', ')}; there are: ${available.join(', ')}`,
  );
  process.exit(2);
}
const selected = wanted.length > 0 ? available.filter((name) => wanted.includes(name)) : available;

// Figures are only comparable on the same machine: say which one.
console.log(
  `bench: ${new Date().toISOString()}, Node ${process.version}, ${cpus().length} × ` +
    `${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB`,
);
const failed: string[] = [];
for (const name of selected) {
  console.log(`\n# ${name}`);
  const started = performance.now();
  try {
    const bench = (await import(join(here, `${name}.bench.ts`))) as { run: () => Promise<void> };
    await bench.run();
  } catch (error) {
    failed.push(name);
    console.error(`  FAILED: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  }
  console.log(`  (${name} took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}
if (failed.length > 0) {
  console.error(`\nbench: ${failed.length} failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
// Child processes and pools are closed by each bench; nothing else should keep the loop alive.
process.exit();
