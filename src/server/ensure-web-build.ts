import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What the server-mode SPA is built from: a change to any of these makes dist/web stale. */
const buildInputs = [
  'src/web',
  'src/contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package-lock.json',
  '.env',
  '.env.production',
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Why dist/web must be (re)built, or undefined when it is up to date. */
export function staleReason(root: string): string | undefined {
  const builtIndex = join(root, 'dist/web/index.html');
  if (!existsSync(builtIndex)) return 'dist/web is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = buildInputs.find((input) => newestChange(join(root, input)) > builtAt);
  return changed && `${changed} changed since the last build`;
}

/** Builds the server-mode SPA into dist/web (`vite build`) when it is missing or stale. */
export function ensureWebBuild(root: string): void {
  const reason = staleReason(root);
  if (!reason) return;
  console.log(`Building the app (${reason})...`);
  let vite: string;
  try {
    vite = join(
      dirname(createRequire(import.meta.url).resolve('vite/package.json')),
      'bin/vite.js',
    );
  } catch {
    throw new Error(
      `${reason}, and Vite is not installed to build it: run \`npm run build\` where the dev ` +
        'dependencies are installed, or install them (npm ci without --omit=dev)',
    );
  }
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed');
}
