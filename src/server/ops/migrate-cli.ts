import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config';
import { migrateToLatest, migrationStatus, openDatabase } from '../db/open-database';
import { describeLocation } from './describe-location';

/** Exit statuses (docs/operators.md "Upgrade"). */
export const EXIT = { ok: 0, pending: 1, usage: 2, failure: 3 } as const;

const USAGE = `Usage: npm run migrate [-- --status]

  (nothing)   applies the pending migrations, one line each with its duration (the server does
              the same at start)
  --status    lists every migration, applied (with its date) or pending; changes nothing

The database is the server's: DATABASE_URL, DATA_DIR.
Exit status: 0 done (--status: none pending), 1 (--status) some pending, 2 usage error,
3 database failure.`;

class UsageError extends Error {}

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

const console_: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Runs `migrate` or `migrate --status`; resolves to the exit status. */
export async function runMigrateCli(
  argv: string[],
  env: NodeJS.ProcessEnv,
  io: Output = console_,
): Promise<number> {
  let close: (() => Promise<void>) | undefined;
  try {
    let parsed;
    try {
      parsed = parseArgs({
        args: argv,
        options: { status: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
        strict: true,
      });
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (parsed.values.help) {
      io.out(USAGE);
      return EXIT.ok;
    }
    const config = parseConfig(env);
    const where = describeLocation(config.database);
    let database;
    try {
      // --status creates nothing: a SQLite file that is not there is an error, not a new database.
      if (
        parsed.values.status &&
        config.database.dialect === 'sqlite' &&
        !existsSync(config.database.path)
      ) {
        throw new Error('the file does not exist');
      }
      database = openDatabase(config.database);
    } catch (error) {
      throw new Error(
        `cannot open the database (${where}): ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    close = () => database.close();
    if (parsed.values.status) {
      const migrations = await migrationStatus(database);
      for (const { name, appliedAt } of migrations) {
        io.out(
          appliedAt
            ? `applied  ${name}  ${appliedAt.toISOString().replace(/\.\d+Z$/, 'Z')}`
            : `pending  ${name}`,
        );
      }
      const pending = migrations.filter((migration) => !migration.appliedAt).length;
      io.out(`${where}: ${migrations.length - pending} applied, ${pending} pending`);
      return pending === 0 ? EXIT.ok : EXIT.pending;
    }
    const before = (await migrationStatus(database)).filter((m) => !m.appliedAt).length;
    await migrateToLatest(database, { info: (message: string) => io.out(message) });
    io.out(
      before === 0
        ? `${where}: up to date, no migration pending`
        : `${where}: ${before} migration${before === 1 ? '' : 's'} applied`,
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`migrate: ${error.message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    if (error instanceof ConfigError) {
      io.err(`migrate: the configuration is invalid:\n${error.message}`);
      return EXIT.usage;
    }
    io.err(`migrate: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failure;
  } finally {
    await close?.();
  }
}

process.exitCode = await runMigrateCli(process.argv.slice(2), process.env);
