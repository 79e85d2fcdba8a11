import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Whether the server's PostgreSQL pools fit what the database lets its role open (finding 5 of
 * issue 42): every worker process keeps a pool of DATABASE_POOL_SIZE connections, and once their
 * total passes the server's `max_connections` (less its reserved slots) or the role's or the
 * database's CONNECTION LIMIT, the last connections are refused under load and requests get 503.
 */
export interface ConnectionLimits {
  /** `max_connections`. */
  maxConnections: number;
  /** `superuser_reserved_connections` plus, from PostgreSQL 16, `reserved_connections`. */
  reserved: number;
  /** The role's `rolconnlimit`; undefined: none (-1). */
  roleLimit: number | undefined;
  /** The database's `datconnlimit`; undefined: none (-1). */
  databaseLimit: number | undefined;
  /** A superuser may use the reserved slots too. */
  superuser: boolean;
}

/** What the server is about to open: `workers` processes with `poolSize` connections each. */
export interface ConnectionPlan {
  workers: number;
  poolSize: number;
}

/** Reads the connection limits of the database `db` is connected to, for its current role. */
export async function readConnectionLimits(db: Kysely<Database>): Promise<ConnectionLimits> {
  const { rows } = await sql<{
    max_connections: string;
    superuser_reserved: string;
    reserved: string | null;
    role_limit: number | null;
    superuser: boolean | null;
    database_limit: number | null;
  }>`select current_setting('max_connections') as max_connections,
      current_setting('superuser_reserved_connections') as superuser_reserved,
      current_setting('reserved_connections', true) as reserved,
      (select rolconnlimit from pg_roles where rolname = current_user) as role_limit,
      (select rolsuper from pg_roles where rolname = current_user) as superuser,
      (select datconnlimit from pg_database where datname = current_database()) as database_limit`.execute(
    db,
  );
  const row = rows[0]!;
  const limit = (value: number | null) => (value === null || value < 0 ? undefined : value);
  return {
    maxConnections: Number(row.max_connections),
    reserved: Number(row.superuser_reserved) + Number(row.reserved ?? 0),
    roleLimit: limit(row.role_limit),
    databaseLimit: limit(row.database_limit),
    superuser: row.superuser === true,
  };
}

/** The connections the role may open: the tightest of the server's, the role's and the database's. */
export function connectionsAllowed(limits: ConnectionLimits): { allowed: number; by: string } {
  const server = limits.superuser ? limits.maxConnections : limits.maxConnections - limits.reserved;
  let best = {
    allowed: server,
    by: limits.superuser
      ? `max_connections ${limits.maxConnections}`
      : `max_connections ${limits.maxConnections} less ${limits.reserved} reserved`,
  };
  if (limits.roleLimit !== undefined && limits.roleLimit < best.allowed) {
    best = { allowed: limits.roleLimit, by: `the role's CONNECTION LIMIT ${limits.roleLimit}` };
  }
  if (limits.databaseLimit !== undefined && limits.databaseLimit < best.allowed) {
    best = {
      allowed: limits.databaseLimit,
      by: `the database's CONNECTION LIMIT ${limits.databaseLimit}`,
    };
  }
  return best;
}

/**
 * Why the plan does not fit the limits (the numbers, and what to change), or undefined when it
 * does. Connections other clients hold (another server, a CLI, psql) are not known here: the
 * check is what this server alone would need at its busiest.
 */
export function connectionShortfall(
  plan: ConnectionPlan,
  limits: ConnectionLimits,
): string | undefined {
  const needed = plan.workers * plan.poolSize;
  const { allowed, by } = connectionsAllowed(limits);
  if (needed <= allowed) return undefined;
  const fits = Math.floor(allowed / plan.workers);
  return (
    `PostgreSQL allows this role ${allowed} connections (${by}), but ` +
    `${plan.workers} worker processes (WEB_CONCURRENCY) × ${plan.poolSize} connections ` +
    `(DATABASE_POOL_SIZE) need ${needed}: lower WEB_CONCURRENCY, or DATABASE_POOL_SIZE to ` +
    `${fits < 1 ? 'at most 1 with fewer workers' : `at most ${fits}`}, or raise PostgreSQL's limit`
  );
}
