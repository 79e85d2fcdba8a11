import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import { sql } from 'kysely';
import { boundedHasher } from '../api/auth/bounded-hasher';
import { createPbkdf2Hasher } from '../api/auth/password';
import { systemClock } from '../api/clock';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createApi } from '../api/create-api';
import { seedIfEmpty } from '../api/seed/seed-data';
import { ConfigError, parseConfig } from './config';
import { migrateToLatest, openDatabase } from './db/open-database';
import { databaseUnavailable } from './db/db-errors';
import { sqlCounters } from './db/sql-counters';
import { SqlStore } from './db/sql-store';
import { AnswerCache } from './http/answer-cache';
import { clientAddressResolver } from './http/client-address';
import { nodeTokenCodec } from './auth/node-token-codec';
import { createLogger } from './logger';
import { loadOrCreateSecret } from './secret';
import { createServerApp } from './server-app';
import { closeGracefullyOnSignals } from './shutdown';
import { loadStaticSite } from './static-site';

/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
const PASSWORD_ITERATIONS = 210_000;
/**
 * One hash at a time (of libuv's four worker threads, which API compression needs too), 32
 * waiting; more is a 503 with Retry-After.
 */
const HASH_QUEUE = { concurrency: 1, queue: 32, retryAfterSeconds: 2 };

/**
 * Server mode: config from the environment, migrations, a one-time seed, then the SPA and the API
 * on one port. `npm start` builds the SPA first when needed (start.ts) and then runs this.
 */
async function main() {
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`CodeTube cannot start, the configuration is invalid:\n${error.message}`);
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  const where =
    config.database.dialect === 'sqlite'
      ? `SQLite ${config.database.path}`
      : `PostgreSQL ${new URL(config.database.url).host}`;

  const site = await loadStaticSite(config.webDir);
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
  } catch (error) {
    await database.close().catch(() => {});
    throw new Error(`cannot open the database (${where}): ${String(error)}`, { cause: error });
  }
  const store = new SqlStore(database.db);
  const passwordHasher = createPbkdf2Hasher(PASSWORD_ITERATIONS);
  const counters = sqlCounters(database);
  await seedIfEmpty(store, passwordHasher, systemClock(), {
    extraVideos: config.seedVideos,
    demoAccount: config.demoAccount,
  });
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);

  const clientAddress = clientAddressResolver(config.trustProxy);
  const app = createServerApp({
    api: createApi({
      store,
      secret,
      tokenCodec: nodeTokenCodec,
      passwordHasher: boundedHasher(passwordHasher, HASH_QUEUE),
      clock: systemClock,
      fullListMax: config.fullListMax,
      counters: counters.counters,
      demoAccount: config.demoAccount,
      unavailable: databaseUnavailable,
      // Per-address limits count the socket's peer, or through trusted proxies the client they
      // name in X-Forwarded-For (TRUST_PROXY).
      clientAddress: (c) => {
        let peer = 'unknown';
        try {
          peer = getConnInfo(c).remote.address ?? 'unknown';
        } catch {
          // no socket (not served by node-server): the peer stays unknown
        }
        return clientAddress(peer, c.req.header('x-forwarded-for'));
      },
    }),
    site,
    checkDatabase: async () => {
      await sql`select 1`.execute(database.db);
    },
    log,
  });
  // Catalogue answers, once computed, are served from their bytes (http/answer-cache.ts).
  const answers = new AnswerCache(
    () => store.catalogueVersion(),
    (method, path, status, ms) => log.info(`${method} ${path} ${status} ${ms.toFixed(1)}ms`),
  );
  const server = createServer(
    answers.serving(getRequestListener(answers.keeping(app.fetch), { hostname: config.host })),
  );
  server.listen(config.port, config.host, () =>
    log.info(`CodeTube listening on http://${config.host}:${config.port} (${where})`),
  );

  server.on('error', (error) => {
    log.error(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
    void database.close().finally(() => process.exit(1));
  });
  closeGracefullyOnSignals(
    server,
    async () => {
      counters.close();
      await database.close();
    },
    log,
  );
}

main().catch((error: unknown) => {
  console.error(`CodeTube failed to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
