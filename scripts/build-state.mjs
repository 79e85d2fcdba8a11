// What `npm start` and `npm run catalogue` need built, and whether it is up to date. Plain
// JavaScript: it runs before anything is compiled, with no TypeScript loader.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompressWeb } from './precompress-web.mjs';

/** The project's root folder (this file is in scripts/). */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** What the server-mode SPA (dist/web) is built from. */
export const webInputs = [
  'src/web',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/pwa-plugin.ts',
  'scripts/precompress-web.mjs',
  'tsconfig.json',
  'package-lock.json',
  '.env',
  '.env.local',
  '.env.production',
  '.env.production.local',
];

/** What the server bundle (dist/server) is built from. */
export const serverInputs = [
  'src/server',
  'src/api',
  'src/contract',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];

/**
 * The server bundle's files, by entry: the server, its read threads, the operators' catalogue,
 * users, backup and migrate commands.
 */
export const serverOutputs = [
  'dist/server/main.mjs',
  'dist/server/sqlite-read-worker.mjs',
  'dist/server/catalogue.mjs',
  'dist/server/users.mjs',
  'dist/server/backup.mjs',
  'dist/server/migrate.mjs',
];

/** The latest change to a file, or to a folder and anything in it (0 when it does not exist). */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    const full = join(entry.parentPath, entry.name);
    // Folders count too: a deleted file changes its folder's time.
    if (entry.isFile() || entry.isDirectory()) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function staleReason(root, outputs, inputs, what) {
  let builtAt = Infinity;
  for (const output of outputs) {
    const file = join(root, output);
    if (!existsSync(file)) return `${what} is missing`;
    builtAt = Math.min(builtAt, statSync(file).mtimeMs);
  }
  const changed = inputs.find((input) => newestChange(join(root, input)) > builtAt);
  return changed && `${changed} changed since the last build`;
}

/** The server-mode SPA and the server's page renderer (built from the same code). */
export const webOutputs = ['dist/web/index.html', 'dist/web-render/render-page.js'];

/** The command line that builds the page renderer (after `vite build`). */
export const RENDERER_BUILD = ['build', '--ssr', 'src/web/ssr/render-page.tsx'];

/** Why dist/web must be (re)built, or undefined when it is up to date. */
export function webStaleReason(root = projectRoot) {
  return staleReason(root, webOutputs, webInputs, 'dist/web');
}

/** Why dist/server must be (re)built, or undefined when it is up to date. */
export function serverStaleReason(root = projectRoot) {
  return staleReason(root, serverOutputs, serverInputs, 'dist/server');
}

/** Whether a package (a dev tool: vite, esbuild) can be loaded from here. */
function installed(name) {
  try {
    createRequire(import.meta.url).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/**
 * `npm start` and `npm run catalogue` never build in production: NODE_ENV=production runs the
 * build that is there (a production install, `npm ci --omit=dev`, has no build tools, and a fresh
 * checkout's files are all newer than a copied dist/).
 */
export const isProduction = (env = process.env) => env.NODE_ENV === 'production';

/**
 * A build that looks stale but whose tool is not installed: the build that is there is run
 * (a production install with a copied dist/), said on stderr. Missing, it cannot be.
 */
function keepBuilt(outputs, reason, tool, root) {
  if (outputs.some((output) => !existsSync(join(root, output)))) return false;
  console.error(
    `${reason}, but ${tool} is not installed (a production install): using the build there is`,
  );
  return true;
}

/** The first of these built files that is missing (run without building: they must be there). */
export function missingBuild(outputs, root = projectRoot) {
  return outputs.find((output) => !existsSync(join(root, output)));
}

const devToolMissing = (reason, tool, script) =>
  new Error(
    `${reason}, and ${tool} is not installed to build it: run \`npm run ${script}\` where the ` +
      'dev dependencies are installed, or install them (npm ci without --omit=dev)',
  );

/**
 * Builds the server-mode SPA into dist/web (`vite build`, then the compressed copies the server
 * reads at start) and the server's page renderer into dist/web-render when either is missing or
 * stale.
 */
export function ensureWebBuild(root = projectRoot) {
  const reason = webStaleReason(root);
  if (!reason) return;
  if (!installed('vite') && keepBuilt(['dist/web/index.html'], reason, 'Vite', root)) return;
  console.log(`Building the app (${reason})...`);
  let vite;
  try {
    vite = join(
      dirname(createRequire(import.meta.url).resolve('vite/package.json')),
      'bin/vite.js',
    );
  } catch {
    throw devToolMissing(reason, 'Vite', 'build');
  }
  for (const args of [['build'], RENDERER_BUILD]) {
    const result = spawnSync(process.execPath, [vite, ...args], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`vite ${args.join(' ')} failed`);
  }
  precompressWeb(join(root, 'dist/web'));
}

/** Bundles the server into dist/server (esbuild) when it is missing or stale. */
export async function ensureServerBuild(root = projectRoot) {
  const reason = serverStaleReason(root);
  if (!reason) return;
  if (!installed('esbuild') && keepBuilt(serverOutputs, reason, 'esbuild', root)) return;
  // stderr: the catalogue CLI's stdout may be an export.
  console.error(`Building the server (${reason})...`);
  const { buildServer } = await import('./build-server.mjs');
  try {
    await buildServer(root);
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && /esbuild/.test(String(error.message))) {
      throw devToolMissing(reason, 'esbuild', 'build:server');
    }
    throw error;
  }
}
