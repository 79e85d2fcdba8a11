// `npm run backup`: bundled to dist/server/backup.mjs (scripts/run-built.mjs runs it).
import { backupCommand } from '../ops/backup-cli';
import { runMain } from './frame';

await runMain(backupCommand);
