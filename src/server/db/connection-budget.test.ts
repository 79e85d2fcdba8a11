import { describe, expect, it } from 'vitest';
import {
  connectionShortfall,
  connectionsAllowed,
  type ConnectionLimits,
} from './connection-budget';

const stock: ConnectionLimits = {
  maxConnections: 100,
  reserved: 3,
  roleLimit: undefined,
  databaseLimit: undefined,
  superuser: false,
};

describe('connectionShortfall', () => {
  it('compares workers × pool with max_connections less the reserved slots', () => {
    expect(connectionShortfall({ workers: 9, poolSize: 10 }, stock)).toBeUndefined();
    expect(connectionShortfall({ workers: 10, poolSize: 10 }, stock)).toBe(
      'PostgreSQL allows this role 97 connections (max_connections 100 less 3 reserved), but 10 ' +
        'worker processes (WEB_CONCURRENCY) × 10 connections (DATABASE_POOL_SIZE) need 100: lower ' +
        "WEB_CONCURRENCY, or DATABASE_POOL_SIZE to at most 9, or raise PostgreSQL's limit",
    );
  });

  it("takes the tightest of the server's, the role's and the database's limits", () => {
    expect(connectionsAllowed({ ...stock, roleLimit: 12 })).toEqual({
      allowed: 12,
      by: "the role's CONNECTION LIMIT 12",
    });
    expect(connectionsAllowed({ ...stock, roleLimit: 50, databaseLimit: 20 }).allowed).toBe(20);
    // A superuser may use the reserved slots.
    expect(connectionsAllowed({ ...stock, superuser: true }).allowed).toBe(100);
    expect(connectionShortfall({ workers: 4, poolSize: 3 }, { ...stock, roleLimit: 12 })).toBe(
      undefined,
    );
  });
});
