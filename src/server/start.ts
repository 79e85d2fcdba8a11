import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './ensure-web-build';

/** `npm start`: builds the SPA when dist/web is missing or stale, then runs the server. */
ensureWebBuild(resolve(dirname(fileURLToPath(import.meta.url)), '../..'));
await import('./main');
