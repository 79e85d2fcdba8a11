import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { boundedHasher } from '../api/auth/bounded-hasher';
import { createPbkdf2Hasher } from '../api/auth/password';
import { backgroundDerive } from './auth/background-derive';
import { systemClock } from '../api/clock';
import { checkSession } from '../api/auth/require-user';
import { createApi } from '../api/create-api';
import { publishedAccountsIn, seedIfEmpty } from '../api/seed/seed-data';
import { listeningUrl, type ServerConfig } from './config';
import { connectionShortfall, readConnectionLimits } from './db/connection-budget';
import { databaseUnavailable } from './db/db-errors';
import {
  checkDatabaseHealth,
  migrateToLatest,
  openDatabase,
  type OpenDatabase,
} from './db/open-database';
import { sqlCounters } from './db/sql-counters';
import { SqlStore } from './db/sql-store';
import { nodeTokenCodec } from './auth/node-token-codec';
import { AnswerCache } from './http/answer-cache';
import {
  clientAddressResolver,
  limiterAddress,
  requestCameOverHttps,
  requestOrigin,
  trustedPeer,
} from './http/client-address';
import { ListAnswers } from './http/list-answers';
import { BodyBudget, BODY_WHOLE_TIMES_IDLE } from './http/read-whole-body';
import { logAnswered } from './http/request-log';
import { secureResponses, securityHeaderList } from './http/security-headers';
import type { Logger } from './logger';
import { loadOrCreateSecret } from './secret';
import { logSeedProgress } from './seed-progress';
import {
  apiFailureReporter,
  BODY_BUDGET_BYTES,
  createServerApp,
  type ServerAppParts,
} from './server-app';
import { answerClientErrors, nodeListener } from './http/client-errors';
import { capPipelinedRequests } from './http/pipeline-cap';
import { closeGracefullyOnSignals, createDrain, type StopServing } from './shutdown';
import { loadStaticSite } from './static-site';
import { processMetricsReader, serveMetrics, ServerMetrics } from './metrics';
import { SeoAnswers } from './seo/seo-answers';
import { RENDER_LIMITS, RenderBudget } from './seo/render-budget';
import { bootScript, loadPageRenderer, pageStyles, rendererPath } from './seo/page-renderer';
import { codetubeVersion } from './version';
import { PASSWORD_ITERATIONS } from './auth/password-work';

/**
 * One hash at a time per process (an owner's login on libuv's pool, which API compression needs
 * too; the rest on a low-priority thread of its own), 32 waiting; more is a 503 with Retry-After.
 */
const HASH_QUEUE = { concurrency: 1, queue: 32, retryAfterSeconds: 2 };

/** The database as the log names it (never the password of a PostgreSQL URL). */
export function describeDatabase(config: ServerConfig): string {
  return config.database.dialect === 'sqlite'
    ? `SQLite ${config.database.path}`
    : `PostgreSQL ${new URL(config.database.url).host}`;
}

/**
 * With the demo account off, a database seeded earlier may still hold the seed users, whose
 * passwords are published: the log names them and the command that deletes them.
 */
export async function warnOfPublishedAccounts(
  store: Parameters<typeof publishedAccountsIn>[0],
  log: Pick<Logger, 'warn'>,
): Promise<void> {
  for (const email of await publishedAccountsIn(store))
    log.warn(
      `the account ${email} has a published password (seed data): delete it with \`npm run users -- delete ${email}\``,
    );
}

/**
 * What must happen once, before anything serves: open the database, apply pending migrations,
 * seed an empty database, and create the JWT secret file when JWT_SECRET is unset. With several
 * workers the primary does this before forking them, so none of it ever runs twice at once.
 */
export async function prepareOnce(config: ServerConfig, log: Logger): Promise<OpenDatabase> {
  // Served from when there is one process; the cluster's primary only prepares.
  const cannotOpen = (error: unknown) =>
    new Error(
      `cannot open the database (${describeDatabase(config)}): ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  let database: OpenDatabase;
  try {
    database = openDatabase(config.database, {
      readThreads: config.webConcurrency === 1 ? config.sqliteReadThreads : 0,
      poolSize: config.databasePoolSize,
    });
  } catch (error) {
    throw cannotOpen(error);
  }
  try {
    await migrateToLatest(database, log);
  } catch (error) {
    await database.close().catch(() => {});
    throw cannotOpen(error);
  }
  if (database.dialect === 'postgres') {
    // Every worker's pool full at once must fit what PostgreSQL allows the role (issue 42 #5).
    let shortfall: string | undefined;
    try {
      shortfall = connectionShortfall(
        { workers: config.webConcurrency, poolSize: config.databasePoolSize },
        await readConnectionLimits(database.db),
      );
    } catch (error) {
      await database.close().catch(() => {});
      throw cannotOpen(error);
    }
    if (shortfall !== undefined) {
      await database.close().catch(() => {});
      throw new Error(shortfall);
    }
  }
  try {
    await seedIfEmpty(
      logSeedProgress(new SqlStore(database), config.seedVideos, log),
      createPbkdf2Hasher(PASSWORD_ITERATIONS),
      systemClock(),
      { extraVideos: config.seedVideos, demoAccount: config.demoAccount },
    );
    await database.settleWrites();
    if (!config.demoAccount) await warnOfPublishedAccounts(new SqlStore(database), log);
    // Nothing checks that a signup owns its address: anyone may sign up as principal@school.
    if (config.signup.open && config.signup.emailDomains.length > 0)
      log.warn(
        `SIGNUP_EMAIL_DOMAINS (${config.signup.emailDomains.join(', ')}) is not an access control: no mail verifies that a signup owns its address, so anyone may sign up as any address there (and take it before its owner)`,
      );
    if (config.jwtSecret === undefined) loadOrCreateSecret(config.dataDir);
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
  return database;
}

export interface ServeOptions {
  /** The database prepareOnce left open; a worker opens its own (undefined). */
  database?: OpenDatabase;
  /** Once listening, with the port. */
  listening: (port: number) => void;
  /** The server cannot listen (port taken): the process must stop with this message. */
  failed: (message: string) => void;
  /** After SIGTERM/SIGINT, once no new connection is taken (shutdown.ts). */
  stoppedAccepting?: () => void;
  /** Ends the process once closed (after writing out the log). */
  exit: (code: number) => void;
}

/**
 * Serves the SPA and the API on the configured port until SIGTERM or SIGINT, or until the
 * function it gives is called (a worker whose primary is gone).
 */
export async function serveApp(
  config: ServerConfig,
  log: Logger,
  options: ServeOptions,
): Promise<StopServing> {
  const database =
    options.database ??
    openDatabase(config.database, {
      readThreads: config.sqliteReadThreads,
      poolSize: config.databasePoolSize,
    });
  const store = new SqlStore(database);
  // Each page's own head (title, description, link previews) and the sitemaps (seo/).
  // The public pages rendered with their data (page-renderer.ts), when the build has the renderer,
  // their stylesheets and boot script inline (the CSP allows that script by its hash).
  const render = await loadPageRenderer(config.webDir);
  const boot = render && bootScript(config.webDir);
  if (!render)
    log.warn(`pages are not rendered on the server: ${rendererPath(config.webDir)} is missing`);
  const seo = new SeoAnswers(store, {
    publicUrl: config.publicUrl,
    styles: render && pageStyles(config.webDir),
    boot,
    failed: (error) =>
      log.error(`page head not read: ${error instanceof Error ? error.message : String(error)}`),
    render,
    renderBudget: new RenderBudget({ ...RENDER_LIMITS, perClient: config.rendersPerMinute }),
    renderFailed: (error) =>
      log.error(
        `page not rendered: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
  });
  let site: ServerAppParts['site'];
  try {
    site = await loadStaticSite(config.webDir, {
      page: (request, html, fetchApi, client) => seo.page(request, html, fetchApi, client),
    });
  } catch (error) {
    if (!options.database) await database.close().catch(() => {});
    throw error;
  }
  const counters = sqlCounters(database);
  // Created by prepareOnce (in the primary, when there are workers): here it is only read.
  const secret = config.jwtSecret ?? loadOrCreateSecret(config.dataDir);

  const resolveClient = clientAddressResolver(config.trustProxy);
  // Per-address limits (the API's, the body budget's shares) count the socket's peer, or through
  // trusted proxies the client they name in X-Forwarded-For (TRUST_PROXY).
  const clientAddress = (c: Context) => {
    let peer = 'unknown';
    try {
      peer = getConnInfo(c).remote.address ?? 'unknown';
    } catch {
      // no socket (not served by node-server): the peer stays unknown
    }
    return resolveClient(peer, c.req.header('x-forwarded-for'));
  };
  // A proxy TRUST_PROXY trusts names the request (X-Request-Id); anyone else's id is replaced.
  const isTrustedPeer = trustedPeer(config.trustProxy);
  const fromTrustedProxy = (c: Context) => {
    try {
      return isTrustedPeer(getConnInfo(c).remote.address);
    } catch {
      return false;
    }
  };
  const origin = requestOrigin(config.trustProxy);
  // What the limits count: an IPv6 client by its /64 (client-address.ts).
  const limitedAddress = (c: Context) => limiterAddress(clientAddress(c));
  const hashing = backgroundDerive();
  const hasher = boundedHasher(createPbkdf2Hasher(PASSWORD_ITERATIONS, hashing.derive), HASH_QUEUE);
  // SIGTERM starts it: /readyz says 503, every answer closes its connection (shutdown.ts).
  const drain = createDrain();
  // The user's lists, once answered, are served from their bytes while the session check says
  // the list keeps its version (http/list-answers.ts).
  const lists = new ListAnswers(
    (authorization, method) =>
      checkSession(
        { store, secret, tokenCodec: nodeTokenCodec, clock: systemClock },
        authorization,
        method,
      ),
    (answered) => logAnswered(log, answered),
    undefined,
    origin,
  );
  // METRICS_PORT: every answer counted and timed; the parts read at each scrape (metrics.ts).
  const metrics = config.metrics && new ServerMetrics(codetubeVersion());
  const app = createServerApp({
    api: createApi({
      store,
      secret,
      tokenCodec: nodeTokenCodec,
      passwordHasher: hasher,
      clock: systemClock,
      fullListMax: config.fullListMax,
      catalogueReadsPerClient: config.catalogueReadsPerClient,
      catalogueWaitingPerClient: config.catalogueWaitingPerClient,
      limitRefused: metrics ? (limit) => metrics.limitRefused(limit) : undefined,
      counters: counters.counters,
      demoAccount: config.demoAccount,
      signup: config.signup,
      authLimits: config.authLimits,
      unavailable: databaseUnavailable,
      checkedSession: (c) => lists.checkedFor((c.env as HttpBindings | undefined)?.incoming),
      clientAddress: limitedAddress,
      reportError: apiFailureReporter(log),
    }),
    site,
    seo,
    checkDatabase: () => checkDatabaseHealth(database),
    settleWrites: database.settleWrites,
    log,
    clientAddress,
    fromTrustedProxy,
    bodyIdleMs: config.bodyTimeoutSeconds * 1000,
    bodyBudget: new BodyBudget(BODY_BUDGET_BYTES, config.bodyBytesPerAddress),
    draining: () => drain.draining,
  });
  // Catalogue answers, once computed, are served from their bytes (http/answer-cache.ts).
  const answers = new AnswerCache(
    () => store.catalogueVersion(),
    (answered) => logAnswered(log, answered),
    undefined,
    origin,
  );
  const securityHeaders = await securityHeaderList(boot ? [boot.text] : []);
  const listener = answers.serving(
    lists.serving(nodeListener(lists.keeping(answers.keeping(app.fetch)), config.host, log)),
  );
  const hasPool = database.poolCounts() !== undefined;
  metrics?.observe({
    answerCache: () => answers.counts,
    hashQueue: () => hasher,
    databasePool: hasPool ? () => database.poolCounts()! : undefined,
  });
  if (metrics) database.observeQueries((seconds) => metrics.queryTimed(seconds));
  const server = createServer(
    // Every answer carries the security headers, kept ones and the app's alike.
    {
      ServerResponse: secureResponses(
        securityHeaders,
        requestCameOverHttps(config.trustProxy),
        () => drain.draining,
      ),
      // A request whose headers and body have not all arrived after this is answered 408 by Node
      // (client-errors.ts) and closed: the API's bodies are given up sooner (read-whole-body.ts);
      // this bounds the others (a body nobody reads), instead of Node's five minutes.
      requestTimeout: Math.max(
        60_000,
        2 * BODY_WHOLE_TIMES_IDLE * config.bodyTimeoutSeconds * 1000,
      ),
    },
    // At most PIPELINED_MAX of a connection's pipelined requests at once (http/pipeline-cap.ts).
    capPipelinedRequests(metrics ? metrics.recording(listener) : listener),
  );
  // The parser's own refusals (431, 400) too, written on the socket.
  answerClientErrors(server, securityHeaders);
  if (metrics && config.metrics) {
    // A worker's go to the primary, which serves them all summed (main.ts).
    if (cluster.isWorker) metrics.reportToPrimary();
    else {
      try {
        const { port } = await serveMetrics(config.metrics, processMetricsReader(metrics), (line) =>
          log.error(line),
        );
        log.info(`metrics on ${listeningUrl(config.metrics.host, port)}/metrics`);
      } catch (error) {
        counters.close();
        void hashing.close();
        await database.close().catch(() => {});
        options.failed(error instanceof Error ? error.message : String(error));
        return () => {};
      }
    }
  }
  server.listen(config.port, config.host, () =>
    options.listening((server.address() as AddressInfo).port),
  );
  server.on('error', (error) => {
    counters.close();
    void hashing.close();
    void database
      .close()
      .catch(() => {})
      .finally(() =>
        options.failed(`cannot listen on ${config.host}:${config.port}: ${error.message}`),
      );
  });
  return closeGracefullyOnSignals(
    server,
    async () => {
      counters.close();
      void hashing.close();
      await database.close();
    },
    log,
    options.stoppedAccepting,
    options.exit,
    drain,
  );
}
