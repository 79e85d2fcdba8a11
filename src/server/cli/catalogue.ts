// `npm run catalogue -- <command>`: bundled to dist/server/catalogue.mjs (scripts/run-built.mjs
// runs it).
import { catalogueCommand } from '../catalogue/cli';
import { runMain } from './frame';

// `export | head` closes the pipe early: that is the reader's choice, not a failure.
await runMain(catalogueCommand, { pipeMayClose: true });
