/** The two SQL databases the server runs on. */
export type SqlDialectName = 'sqlite' | 'postgres';

/** Where the database lives, as parsed from DATABASE_URL. */
export type DatabaseLocation =
  { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };
