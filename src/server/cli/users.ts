// `npm run users -- <command>`: bundled to dist/server/users.mjs (scripts/run-built.mjs runs it).
import { processUsersIo, usersCommand } from '../accounts/users-cli';
import { runMain } from './frame';

// `export | head` closes the pipe early: that is the reader's choice, not a failure.
await runMain(usersCommand(), { pipeMayClose: true, io: processUsersIo });
