// `npm run users -- <command>`: the operators' account CLI, from the same bundle build as the server
// (dist/server/users.mjs, built first when missing or stale; never with NODE_ENV=production).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ensureServerBuild,
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
        `${missing} is missing: build once with \`npm run build\` and copy dist/ here ` +
          '(NODE_ENV=production never builds)',
      );
    }
  } else {
    await ensureServerBuild();
  }
} catch (error) {
  console.error(`users: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
}
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(projectRoot, 'dist/server/users.mjs')).href);
