// `npm start`: builds what is missing or stale (dist/web with Vite, dist/server with esbuild),
// then runs the server bundle in this very process: plain Node, no TypeScript loader. With
// NODE_ENV=production it never builds: it runs the dist/ that is there (docs/operators.md "Deploy").
// package.json runs it with `exec`: npm's shell is replaced by this process, so the SIGTERM npm
// passes on to its child reaches the server (a shell would die of it and leave the server running).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ensureServerBuild,
  ensureWebBuild,
  isProduction,
  missingBuild,
  projectRoot,
  serverOutputs,
} from './build-state.mjs';

try {
  if (isProduction()) {
    const missing = missingBuild(serverOutputs);
    if (missing) {
      throw new Error(
        `${missing} is missing: build once with \`npm run build\` where the dev dependencies are ` +
          'installed, then copy dist/ here (NODE_ENV=production never builds)',
      );
    }
  } else {
    ensureWebBuild();
    await ensureServerBuild();
  }
} catch (error) {
  console.error(`CodeTube cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// Stack traces name the TypeScript sources (dist/server/*.mjs.map); workers inherit the flag.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(projectRoot, 'dist/server/main.mjs')).href);
