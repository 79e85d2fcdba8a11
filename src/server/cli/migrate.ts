// `npm run migrate`: bundled to dist/server/migrate.mjs (scripts/run-built.mjs runs it).
import { migrateCommand } from '../ops/migrate-cli';
import { runMain } from './frame';

await runMain(migrateCommand);
