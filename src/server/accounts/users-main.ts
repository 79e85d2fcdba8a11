// `npm run users -- <command>`: the operators' account CLI (bundled to dist/server/users.mjs).
import { EXIT, runUsersCli } from './users-cli';

// `export | head` closes the pipe early: that is the reader's choice, not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

process.exitCode = await runUsersCli(process.argv.slice(2), process.env);
