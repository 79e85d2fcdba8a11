import type { TestProject } from 'vitest/node';
import { ensureServerBuild } from '../../../scripts/build-state.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether dist/server was brought up to date for this project's files (built-server.ts). */
    serverBuilt: boolean;
  }
}

/**
 * Vitest global setup for the test files that run the compiled server (dist/server/*.mjs, as
 * `npm start` does; listed in test-needs.ts): it is bundled here when missing or older than its
 * sources.
 */
export default async function setup(project: TestProject) {
  await ensureServerBuild();
  project.provide('serverBuilt', true);
}
