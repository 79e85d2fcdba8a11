import { ensureServerBuild } from '../../../scripts/build-state.mjs';

/**
 * Vitest global setup: the system tests run the compiled server (dist/server/*.mjs, as
 * `npm start` does), so it is bundled once here when missing or older than its sources.
 */
export default async function setup() {
  await ensureServerBuild();
}
