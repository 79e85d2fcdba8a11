import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { ConfigError, parseConfig, type ServerConfig } from '../config';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../db/open-database';
import { SqlStore } from '../db/sql-store';
import { describeLocation } from '../ops/describe-location';

/**
 * What the operators' commands (catalogue, users, backup, migrate) share: their arguments
 * (node:util's parseArgs), `--help`, the server's database, and how each way of ending is said
 * and which exit status it gives (docs/operators.md: "The catalogue", "Accounts",
 * "Backup and restore", "Upgrade").
 */

/** The exit statuses every command gives; each adds its own 1 (bad data, refused, pending). */
export const EXIT = { ok: 0, usage: 2, failure: 3 } as const;

/** Where a command writes: its results (standard output) and its news and errors (stderr). */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export const processIo: CliIo = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** The command was used wrongly: said with its usage, exit 2. */
export class UsageError extends Error {}

/** An ending the command expects, said after its name (`users: no user has…`) with `status`. */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** An error's message (anything thrown). */
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type Values<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ options: O & typeof HELP; allowPositionals: true; strict: true }>
>['values'];

/** One run of a command: its parsed arguments, where it writes, and what to close at its end. */
export interface CliCall<O extends ParseArgsOptionsConfig, I extends CliIo> {
  values: Values<O>;
  positionals: string[];
  env: NodeJS.ProcessEnv;
  io: I;
  /** Runs `close` when the command ends, however it ends (last deferred, first run). */
  defer: (close: () => unknown) => void;
}

export interface CliCommand<O extends ParseArgsOptionsConfig, I extends CliIo = CliIo> {
  /** What its messages start with: `catalogue: …`. */
  name: string;
  usage: string;
  /** Its options (`--help`, `-h` are added). */
  options: O;
  /** It takes a command and arguments (`users delete <email>`; `help` is one too). */
  positionals?: boolean;
  /** Errors that name the file the operator gave: said as they are, exit 2. */
  isFileError?: (error: unknown) => boolean;
  /** Does the work; resolves to the exit status. */
  run: (call: CliCall<O, I>) => Promise<number>;
}

/** Declares a command, its options' types read from `options`. */
export const defineCommand = <const O extends ParseArgsOptionsConfig, I extends CliIo = CliIo>(
  command: CliCommand<O, I>,
) => command;

/** Runs one command; resolves to its exit status (never rejects). */
export async function runCommand<O extends ParseArgsOptionsConfig, I extends CliIo>(
  command: CliCommand<O, I>,
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: I,
): Promise<number> {
  const closes: (() => unknown)[] = [];
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        options: { ...command.options, ...HELP },
        allowPositionals: command.positionals ?? false,
        strict: true,
      });
    } catch (error) {
      throw new UsageError(messageOf(error));
    }
    if (
      (parsed.values as { help?: boolean }).help ||
      (command.positionals && parsed.positionals[0] === 'help')
    ) {
      io.out(command.usage);
      return EXIT.ok;
    }
    return await command.run({
      values: parsed.values as Values<O>,
      positionals: parsed.positionals,
      env,
      io,
      defer: (close) => closes.push(close),
    });
  } catch (error) {
    const { name, usage } = command;
    if (error instanceof UsageError) {
      io.err(`${name}: ${error.message}\n\n${usage}`);
      return EXIT.usage;
    }
    if (error instanceof ConfigError) {
      io.err(`${name}: the configuration is invalid:\n${error.message}`);
      return EXIT.usage;
    }
    if (error instanceof CommandError) {
      io.err(`${name}: ${error.message}`);
      return error.status;
    }
    if (command.isFileError?.(error)) {
      io.err(messageOf(error));
      return EXIT.usage;
    }
    io.err(`${name}: ${messageOf(error)}`);
    return EXIT.failure;
  } finally {
    for (const close of closes.reverse()) await close();
  }
}

/**
 * Runs the command with the process's arguments and environment, as its bundle's entry point.
 * `pipeMayClose`: a reader that closes the pipe early (`export | head`) ends it with status 0.
 * `io`: the process's output (a command that reads more, as its standard input, gives its own).
 */
export async function runMain<O extends ParseArgsOptionsConfig, I extends CliIo>(
  command: CliCommand<O, I>,
  { pipeMayClose = false, io }: { pipeMayClose?: boolean; io?: I } = {},
): Promise<void> {
  if (pipeMayClose) {
    process.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(EXIT.ok);
      throw error;
    });
  }
  process.exitCode = await runCommand(
    command,
    process.argv.slice(2),
    process.env,
    io ?? (processIo as I),
  );
}

/**
 * Where the operator typed the command: `npm run` runs it in the project's folder and names the
 * folder it was typed in as INIT_CWD; run by hand, the folder it runs in. File arguments are
 * taken from there; DATABASE_URL and DATA_DIR, like the server's, from the project's folder.
 */
export const typedIn = (env: NodeJS.ProcessEnv): string => env.INIT_CWD || process.cwd();

type Opening = Pick<CliCall<ParseArgsOptionsConfig, CliIo>, 'env' | 'defer'>;

const cannotOpen = (where: string, error: unknown) =>
  new Error(`cannot open the database (${where}): ${messageOf(error)}`, { cause: error });

function open(env: NodeJS.ProcessEnv, mustExist: boolean) {
  const config = parseConfig(env);
  const where = describeLocation(config.database);
  try {
    if (mustExist && config.database.dialect === 'sqlite' && !existsSync(config.database.path)) {
      throw new Error('the file does not exist');
    }
    return { config, where, database: openDatabase(config.database) };
  } catch (error) {
    throw cannotOpen(where, error);
  }
}

/**
 * Opens the server's database as the server does (DATABASE_URL, DATA_DIR, the same messages; a
 * SQLite file is never created in another user's data folder, data-owner.ts); it is closed when
 * the command ends. `mustExist`: a SQLite file that is not there is an error, not a new database.
 */
export function openServerDatabase(
  call: Opening,
  { mustExist = false } = {},
): { config: ServerConfig; database: OpenDatabase; where: string } {
  const opened = open(call.env, mustExist);
  call.defer(() => opened.database.close());
  return opened;
}

/** The server's database, migrated to this version, as a store; closed when the command ends. */
export async function openServerStore(
  call: Opening,
): Promise<{ store: SqlStore; database: OpenDatabase }> {
  const { database, where } = open(call.env, false);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw cannotOpen(where, error);
  }
  call.defer(() => database.close());
  return { store: new SqlStore(database), database };
}
