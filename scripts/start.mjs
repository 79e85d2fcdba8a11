// `npm start`: builds what is missing or stale (dist/web with Vite, dist/server with esbuild),
// then runs the server bundle in this very process: plain Node, no TypeScript loader.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, ensureWebBuild, projectRoot } from './build-state.mjs';

try {
  ensureWebBuild();
  await ensureServerBuild();
} catch (error) {
  console.error(`CodeTube cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// Stack traces name the TypeScript sources (dist/server/*.mjs.map); workers inherit the flag.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(projectRoot, 'dist/server/main.mjs')).href);
