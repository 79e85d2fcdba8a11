import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  defineCommand,
  EXIT,
  processIo,
  runCommand,
  typedIn,
  UsageError,
  type CliIo,
} from '../cli/frame';
import { parseConfig } from '../config';
import { SECRET_FILE } from '../secret';
import { checkSqliteBackup } from './backup-check';
import { backupSqlite, copySecretFile, type SqliteBackupMethod } from './sqlite-backup';

/** Exit statuses (docs/operators.md "Backup and restore"): the frame's. */
export { EXIT };

const USAGE = `Usage: npm run backup -- --out <file>
       npm run backup -- --check <file>

  --out <file>   where the backup goes (replaced when it exists); the JWT secret file, when the
                 server generated one, is copied beside it as <file>.jwt-secret
  --method <m>   SQLite: backup-api (the default: SQLite's backup API, every page in one step)
                 or vacuum-into (VACUUM INTO: a compact copy)
  --check <file> checks a SQLite backup before it is restored: PRAGMA integrity_check, and every
                 table, index, trigger and view against the migrations; exit 3 naming each one
                 that differs

SQLite: an online copy, taken while the server runs and writes. PostgreSQL: prints the pg_dump
and pg_restore commands to use. The database is the server's: DATABASE_URL, DATA_DIR.
Exit status: 0 done, 2 usage error (or PostgreSQL), 3 database or disk failure.`;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What an operator runs for PostgreSQL, which this CLI does not dump itself. */
export function postgresCommands(out: string): string[] {
  return [
    'DATABASE_URL is PostgreSQL: back it up with pg_dump (docs/operators.md "Backup and restore"):',
    `  pg_dump --format=custom --file=${out} "$DATABASE_URL"`,
    'and restore it into an empty database (the server stopped) with:',
    `  pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" ${out}`,
    'Keep JWT_SECRET with it: old logins stay valid only with the same secret.',
  ];
}

/** `npm run backup -- --out <file>`, `--check <file>`. */
export const backupCommand = defineCommand({
  name: 'backup',
  usage: USAGE,
  options: {
    out: { type: 'string', short: 'o' },
    method: { type: 'string' },
    check: { type: 'string' },
  },
  async run({ values, env, io }) {
    if (values.check !== undefined) {
      const file = resolve(typedIn(env), values.check);
      if (!existsSync(file) || !statSync(file).isFile())
        throw new UsageError(`--check: ${values.check} is not a file`);
      const problems = await checkSqliteBackup(file);
      for (const problem of problems) io.err(`backup check: ${problem}`);
      if (problems.length > 0) {
        io.err(
          `backup check: ${values.check} differs from this version's schema: do not restore it`,
        );
        return EXIT.failure;
      }
      io.out(`backup check: ${values.check} is whole and its schema is the migrations'`);
      return EXIT.ok;
    }
    const outArgument = values.out;
    if (outArgument === undefined || outArgument === '')
      throw new UsageError('--out <file> is required');
    const method = (values.method ?? 'backup-api') as SqliteBackupMethod;
    if (!['backup-api', 'vacuum-into'].includes(method)) {
      throw new UsageError('--method is backup-api or vacuum-into');
    }
    const out = resolve(typedIn(env), outArgument);
    const config = parseConfig(env);
    if (config.database.dialect === 'postgres') {
      for (const line of postgresCommands(outArgument)) io.err(line);
      return EXIT.usage;
    }
    const folder = dirname(out);
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      throw new UsageError(`--out: the folder ${folder} does not exist`);
    }
    if (existsSync(out) && statSync(out).isDirectory()) {
      throw new UsageError(`--out: ${outArgument} is a folder; --out takes a file`);
    }
    if (resolve(out) === resolve(config.database.path)) {
      throw new UsageError('--out: that is the database itself');
    }
    const started = performance.now();
    const { bytes } = await backupSqlite(config.database.path, out, { method });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    io.out(
      `backup: SQLite ${config.database.path} copied to ${outArgument} (${megabytes(bytes)} in ${seconds} s)`,
    );
    if (config.jwtSecret !== undefined) {
      io.out(
        'backup: JWT_SECRET is set: keep it with the backup (old logins need the same secret)',
      );
    } else {
      const secretFile = join(config.dataDir, SECRET_FILE);
      if (existsSync(secretFile)) {
        copySecretFile(secretFile, `${out}.jwt-secret`);
        io.out(`backup: the JWT secret copied to ${outArgument}.jwt-secret (mode 0600)`);
      } else {
        io.out(
          `backup: no JWT secret file yet (${secretFile}): the server creates it at its first start`,
        );
      }
    }
    return EXIT.ok;
  },
});

/** Runs one backup; resolves to the exit status. */
export const runBackupCli = (argv: string[], env: NodeJS.ProcessEnv, io: CliIo = processIo) =>
  runCommand(backupCommand, argv, env, io);
