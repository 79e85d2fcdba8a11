// `npm run catalogue -- <command>`: the operators' CLI, from the same bundle build as the server
// (dist/server/catalogue.mjs, built first when missing or stale).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, projectRoot } from './build-state.mjs';

try {
  await ensureServerBuild();
} catch (error) {
  console.error(`catalogue: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(projectRoot, 'dist/server/catalogue.mjs')).href);
