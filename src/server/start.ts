import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './ensure-web-build';

/** `npm start`: builds the SPA when dist/web is missing or stale, then runs the server. */
try {
  ensureWebBuild(resolve(dirname(fileURLToPath(import.meta.url)), '../..'));
} catch (error) {
  console.error(`CodeTube cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
await import('./main');
