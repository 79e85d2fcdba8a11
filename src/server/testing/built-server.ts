import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

/** The project's root folder. */
export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * A file of the compiled server (dist/server), for a test that runs it. Only the test files listed
 * in test-needs.ts (runsBuiltServer) get it built first (server-build-global-setup.ts): any other
 * would run whatever build is there, stale or missing.
 */
export function builtServerFile(name: string): string {
  if (!inject('serverBuilt')) {
    throw new Error(
      `this test file runs dist/server/${name}, which is built only for the files listed in ` +
        'runsBuiltServer (src/server/testing/test-needs.ts): add it there',
    );
  }
  return join(projectRoot, 'dist/server', name);
}
