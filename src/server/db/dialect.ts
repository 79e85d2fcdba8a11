/** The two SQL databases the server runs on. */
export type SqlDialectName = 'sqlite' | 'postgres';

/**
 * Where the database lives, as parsed from DATABASE_URL. A SQLite file's folder is created when
 * missing unless `createFolder` is false (a path DATABASE_URL names: a typo must not start an
 * empty database somewhere new); the default one, in DATA_DIR, is created on the first start.
 */
export type DatabaseLocation =
  | { dialect: 'sqlite'; path: string; createFolder?: boolean }
  | { dialect: 'postgres'; url: string };
