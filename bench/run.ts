/**
 * `npm run bench`: runs every benchmark under bench/ and prints each one's ratio against a
 * baseline measured in the same run. Benchmarks are added with the Quality issue; this runner
 * lists what it finds so the script is already part of the toolchain.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const benches = (await readdir(here)).filter((name) => name.endsWith('.bench.ts')).sort();
if (benches.length === 0) console.log('bench: no benchmarks yet (bench/*.bench.ts)');
for (const name of benches) {
  console.log(`\n# ${name}`);
  const bench = (await import(join(here, name))) as { run: () => Promise<void> };
  await bench.run();
}
