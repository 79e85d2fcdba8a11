// Writes gzip and Brotli copies beside each compressible file of a built app (dist/web), so the
// server reads them at start instead of compressing (Brotli at its best takes most of a second,
// in every worker). src/server/static-site.ts uses a copy only when it is not older than its file.
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const compressible = new Set(['.html', '.js', '.css', '.json', '.webmanifest', '.svg', '.txt']);
/** Smaller files are served as they are (static-site.ts). */
const SMALLEST = 512;

/** Adds `<file>.gz` and `<file>.br` for each compressible file in `dir` above SMALLEST bytes. */
export function precompressWeb(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !compressible.has(extname(entry.name))) continue;
    const file = join(entry.parentPath, entry.name);
    if (statSync(file).size <= SMALLEST) continue;
    const content = readFileSync(file);
    writeWhole(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeWhole(
      `${file}.br`,
      brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    );
  }
}

/** Written beside, then renamed: a build cut short never leaves a truncated copy to be served. */
function writeWhole(file, bytes) {
  writeFileSync(`${file}.partial`, bytes);
  renameSync(`${file}.partial`, file);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  precompressWeb(resolve(root, process.argv[2] ?? 'dist/web'));
}
