// `npm run build:server`: bundles the server (src/server/main.ts and everything it imports from
// src/server, src/api and src/contract), its SQLite read threads and the operators' commands
// (catalogue, users, backup, migrate) into dist/server/*.mjs, plain JavaScript for plain `node`.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const outdir = 'dist/server';
const entryPoints = {
  main: 'src/server/main.ts',
  // The operators' commands (npm run catalogue, users, backup, migrate), src/server/cli/frame.ts.
  catalogue: 'src/server/cli/catalogue.ts',
  users: 'src/server/cli/users.ts',
  backup: 'src/server/cli/backup.ts',
  migrate: 'src/server/cli/migrate.ts',
  // The SQLite read pool's threads (src/server/db/read-pool.ts loads it beside main.mjs).
  'sqlite-read-worker': 'src/server/db/read-worker.ts',
};
/**
 * Pure ES-module packages go into the bundle: one file to load instead of hundreds halves the
 * time from start to listening. Every other dependency stays in node_modules, loaded as
 * installed: better-sqlite3 is a native module, pg and the rest are CommonJS, and pino finds
 * its own files at run time. So package.json's dependencies are exactly what the bundles load
 * at run time (a production install, `npm ci --omit=dev`); the bundled packages, needed to
 * build only, are dev dependencies (listed here too, should one be moved back).
 */
const bundledPackages = ['hono', '@hono/node-server', 'kysely', 'zod'];

function externalPackages(root) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return Object.keys(dependencies)
    .filter((name) => !bundledPackages.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/** Builds dist/server; each file is written beside its place and renamed, so it appears whole. */
export async function buildServer(root) {
  const esbuild = await import('esbuild');
  const result = await esbuild
    .build({
      absWorkingDir: root,
      entryPoints,
      outdir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: externalPackages(root),
      sourcemap: 'linked',
      logLevel: 'warning',
      write: false,
    })
    // esbuild keeps its service process for later builds: not wanted under `npm start`.
    .finally(() => esbuild.stop());
  mkdirSync(join(root, outdir), { recursive: true });
  // The maps first, the bundles last: a bundle's time is the build's time (build-state.mjs).
  const files = [...result.outputFiles].sort(
    (a, b) => Number(a.path.endsWith('.mjs')) - Number(b.path.endsWith('.mjs')),
  );
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  await buildServer(root);
  console.log(`dist/server built in ${Math.round(performance.now() - started)} ms`);
}
