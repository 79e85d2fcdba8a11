import { randomBytes } from 'node:crypto';
import { collectUserData } from '../../api/accounts/user-data';
import { forgetDeletedUserLimits } from '../../api/routes/account';
import { createPbkdf2Hasher, type PasswordHasher } from '../../api/auth/password';
import { passwordProblem } from '../../api/auth/password-policy';
import { formatTimestamp } from '../../api/clock';
import { normaliseEmail } from '../../api/routes/auth';
import type { StoredUser } from '../../api/store/store';
import { PASSWORD_ITERATIONS } from '../auth/password-work';
import {
  CommandError,
  defineCommand,
  EXIT as FRAME_EXIT,
  openServerStore,
  processIo,
  runCommand,
  UsageError,
  type CliCall,
  type CliIo,
} from '../cli/frame';
import { sqlCounters } from '../db/sql-counters';

/** Exit statuses (docs/operators.md, "Accounts"). */
export const EXIT = { ...FRAME_EXIT, refused: 1 } as const;

const USAGE = `Usage: npm run users -- <command>

  list                              every user: email, name, when they signed up, active or disabled
  reset-password <email>            sets the password read from standard input (one line; never
                                    give it as an argument), e.g.
                                    printf '%s\\n' "$NEW" | npm run users -- reset-password <email>
  reset-password <email> --generate sets a generated password and prints it
  disable <email>                   ends their sessions; they cannot log in until enabled
  enable <email>                    lets a disabled user log in again
  delete <email>                    deletes the user and all their data (export it first)
  export <email>                    prints all their data as JSON: profile, lists, playlists,
                                    notes, positions

A password reset ends every session of the user too. The database is the server's:
DATABASE_URL, DATA_DIR.
Exit status: 0 done, 1 refused (no such user, a password the policy refuses), 2 usage error,
3 database failure.`;

const COMMANDS = ['list', 'reset-password', 'disable', 'enable', 'delete', 'export'] as const;
type Command = (typeof COMMANDS)[number];

/** What the command cannot do for this user (none with that email, a weak password). */
class RefusedError extends CommandError {
  constructor(message: string) {
    super(message, EXIT.refused);
  }
}

export interface UsersIo extends CliIo {
  /** Standard input whole, or undefined when it is a terminal (nothing was piped in). */
  readStdin: () => Promise<string | undefined>;
}

/** The process's standard output, error and input. */
export const processUsersIo: UsersIo = {
  ...processIo,
  async readStdin() {
    if (process.stdin.isTTY) return undefined;
    let text = '';
    process.stdin.setEncoding('utf8');
    for await (const chunk of process.stdin) text += chunk as string;
    return text;
  },
};

/**
 * The new password piped in: its one line, without the line's end. Undefined input (a
 * terminal) or an empty one is a usage error: a password is never taken from the arguments,
 * which other users of the machine can read (ps, the shell's history).
 */
function pipedPassword(input: string | undefined): string {
  const text = input?.replace(/\r?\n$/, '') ?? '';
  if (text === '') {
    throw new UsageError(
      'reset-password reads the new password from standard input (one line), or makes one with --generate',
    );
  }
  if (/[\r\n]/.test(text)) {
    throw new UsageError('reset-password reads one line from standard input: the password');
  }
  return text;
}

/** A password for --generate: 24 characters of base64url (144 random bits). */
const generatePassword = () => randomBytes(18).toString('base64url');

/** `npm run users -- <command>`, hashing passwords with `hasher`. */
export const usersCommand = ({ hasher = createPbkdf2Hasher(PASSWORD_ITERATIONS) } = {}) =>
  defineCommand({
    name: 'users',
    usage: USAGE,
    options: { generate: { type: 'boolean' } },
    positionals: true,
    async run(call: CliCall<{ generate: { type: 'boolean' } }, UsersIo>) {
      const { values, positionals, io } = call;
      const [name, ...args] = positionals;
      if (name === undefined) throw new UsageError('no command given');
      if (!COMMANDS.includes(name as Command)) {
        throw new UsageError(`unknown command ${JSON.stringify(name)}`);
      }
      const command = name as Command;
      if (values.generate && command !== 'reset-password') {
        throw new UsageError('--generate is an option of reset-password');
      }
      if (command === 'list') {
        if (args.length > 0) throw new UsageError('list takes no arguments');
      } else if (args.length !== 1) {
        throw new UsageError(
          command === 'reset-password' && args.length > 1
            ? 'reset-password takes an email only: the password comes on standard input'
            : `${command} takes one email address`,
        );
      }
      const password =
        command === 'reset-password' && !values.generate
          ? pipedPassword(await io.readStdin())
          : undefined;
      if (password !== undefined) {
        const problem = await passwordProblem(password);
        if (problem) throw new RefusedError(`password ${problem}`);
      }

      const opened = await openServerStore(call);
      const { store } = opened;
      if (command === 'list') {
        io.out('email\tname\tcreated\tstate');
        for (const user of await store.listUsers()) {
          const state = user.disabled ? 'disabled' : 'active';
          io.out(`${user.email}\t${user.firstName} ${user.lastName}\t${user.createdAt}\t${state}`);
        }
        return EXIT.ok;
      }

      const email = normaliseEmail(args[0]!);
      const user: StoredUser | undefined = await store.findUserByEmail(email);
      if (!user) throw new RefusedError(`no user has the email ${email}`);
      switch (command) {
        case 'reset-password': {
          const chosen = password ?? generatePassword();
          await store.setPasswordHash(
            user._id,
            await hasher.hash(chosen),
            formatTimestamp(new Date()),
          );
          await store.endAllSessions(user._id);
          const said = `password of ${email} reset; their sessions have ended`;
          if (password === undefined) {
            // The password alone on standard output, for a script to take; the news beside it.
            io.out(chosen);
            io.err(said);
          } else {
            io.out(said);
          }
          break;
        }
        case 'disable':
          await store.setUserDisabled(user._id, true);
          await store.endAllSessions(user._id);
          io.out(`disabled ${email}: their sessions have ended, and they cannot log in`);
          break;
        case 'enable':
          await store.setUserDisabled(user._id, false);
          io.out(`enabled ${email}: they can log in again`);
          break;
        case 'delete': {
          await store.deleteUser(user._id);
          const counters = sqlCounters(opened.database);
          try {
            await forgetDeletedUserLimits(counters.counters, user);
          } finally {
            counters.close();
          }
          io.out(`deleted ${email} and all their data`);
          break;
        }
        case 'export':
          io.out(JSON.stringify(await collectUserData(store, user, new Date()), null, 2));
          break;
      }
      await opened.database.settleWrites();
      return EXIT.ok;
    },
  });

/** Runs one command; resolves to the exit status. */
export const runUsersCli = (
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: UsersIo = processUsersIo,
  options: { hasher?: PasswordHasher } = {},
) => runCommand(usersCommand(options), argv, env, io);
