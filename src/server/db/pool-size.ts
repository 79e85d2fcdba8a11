/**
 * PostgreSQL connections a server process keeps unless DATABASE_POOL_SIZE says otherwise; several
 * processes share one PostgreSQL (docs/operators.md "PostgreSQL").
 */
export const DEFAULT_POSTGRES_POOL_SIZE = 10;
