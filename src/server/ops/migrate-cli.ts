import { migrateToLatest, migrationStatus } from '../db/open-database';
import { defineCommand, EXIT as FRAME_EXIT, openServerDatabase } from '../cli/frame';

/** Exit statuses (docs/operators.md "Upgrade"). */
export const EXIT = { ...FRAME_EXIT, pending: 1 } as const;

const USAGE = `Usage: npm run migrate [-- --status]

  (nothing)   applies the pending migrations, one line each with its duration (the server does
              the same at start)
  --status    lists every migration, applied (with its date) or pending; changes nothing

The database is the server's: DATABASE_URL, DATA_DIR.
Exit status: 0 done (--status: none pending), 1 (--status) some pending, 2 usage error,
3 database failure.`;

/** `npm run migrate` or `npm run migrate -- --status`. */
export const migrateCommand = defineCommand({
  name: 'migrate',
  usage: USAGE,
  options: { status: { type: 'boolean' } },
  async run(call) {
    const { io } = call;
    // --status creates nothing: a SQLite file that is not there is an error, not a new database.
    const { database, where } = openServerDatabase(call, { mustExist: call.values.status });
    if (call.values.status) {
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
  },
});
