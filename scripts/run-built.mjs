// `npm run catalogue`, `users`, `backup` and `migrate`: runs the operators' command of that name
// from the server's bundle build (dist/server/<name>.mjs), built first when missing or stale;
// never built with NODE_ENV=production (docs/operators.md "Deploy"). `node scripts/run-built.mjs <name> …`.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ensureServerBuild,
  isProduction,
  missingBuild,
  projectRoot,
  serverOutputs,
} from './build-state.mjs';

const commands = ['catalogue', 'users', 'backup', 'migrate'];
const name = process.argv[2] ?? '';
if (!commands.includes(name)) {
  console.error(
    `run-built: the command is one of ${commands.join(', ')} (got ${JSON.stringify(name)})`,
  );
  process.exit(2);
}
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
  console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(3);
}
// The command reads its own arguments from argv: the name is not one of them.
process.argv.splice(2, 1);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(projectRoot, `dist/server/${name}.mjs`)).href);
