import { availableParallelism } from 'node:os';
import { isIPv6 } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import {
  CATALOGUE_WAITING_PER_CLIENT,
  DEFAULT_AUTH_LIMITS,
  DEFAULT_FULL_LIST_MAX,
  type AuthLimits,
} from '../contract/limits';
import type { SignupPolicy } from '../api/context';
import type { DatabaseLocation } from './db/dialect';
import { DEFAULT_POSTGRES_POOL_SIZE } from './db/pool-size';
import { isAddressOrSubnet, type TrustProxy } from './http/client-address';
import { RENDER_LIMITS } from './seo/render-budget';

/**
 * The project's folder, two levels above this module both as a source (src/server) and in the
 * bundles (dist/server): DATA_DIR's and WEB_DIR's defaults are in it, wherever the server is
 * started from. Values given in the environment are taken from the folder it is started in.
 */
const PROJECT_DIR = fileURLToPath(new URL('../..', import.meta.url));

export const logLevels = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
export const logFormats = ['json', 'pretty'] as const;
/** Unset: pretty on a terminal outside production, JSON lines otherwise (logger.ts). */
export type LogFormat = (typeof logFormats)[number] | 'auto';

/** The most worker processes WEB_CONCURRENCY may ask for (and the cap on the default). */
export const MAX_WEB_CONCURRENCY = 64;

/** The most threads SQLITE_READ_THREADS may ask for. */
export const MAX_SQLITE_READ_THREADS = 64;

/**
 * SQLITE_READ_THREADS unset: the machine's cores shared among the server's processes, and at least
 * two per process, so that one slow search never holds up the other reads (decision 0019).
 */
export function defaultReadThreads(webConcurrency: number, cores = availableParallelism()): number {
  return Math.min(MAX_SQLITE_READ_THREADS, Math.max(2, Math.ceil(cores / webConcurrency)));
}

/** The server's settings, from the environment (README: "Environment variables"). */
export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseLocation;
  /** Undefined: generated into (and then read from) `dataDir` (see secret.ts). */
  jwtSecret: string | undefined;
  logLevel: LogLevel;
  /** LOG_FORMAT: JSON lines, pino-pretty's lines, or chosen by the terminal (logger.ts). */
  logFormat: LogFormat;
  /** WEB_CONCURRENCY: worker processes on the one port (1: no cluster, one process). */
  webConcurrency: number;
  /**
   * SQLITE_READ_THREADS: threads per process that run the catalogue's reads on SQLite, each with
   * its own connection (read-pool.ts); 0: they run on the process's one connection.
   */
  sqliteReadThreads: number;
  /**
   * CATALOGUE_READS_AT_ONCE: catalogue reads one client address may have computing at once in
   * a process; unset: half its SQLite read threads, or on PostgreSQL half its share of the cores
   * (at least one), so that one client's costly reads always leave room to everyone else's.
   */
  catalogueReadsPerClient: number;
  /** CATALOGUE_READS_WAITING: one address's catalogue reads that may wait; then 429. */
  catalogueWaitingPerClient: number;
  /** BODY_MB_PER_ADDRESS: what one address's request bodies may hold at once, in bytes. */
  bodyBytesPerAddress: number;
  /** DATABASE_POOL_SIZE: PostgreSQL connections each server process keeps at most. */
  databasePoolSize: number;
  /** Where the default SQLite file and the generated JWT secret live. */
  dataDir: string;
  /** The built SPA to serve. */
  webDir: string;
  /** Made-up videos added when an empty database is seeded (a large catalogue to try). */
  seedVideos: number;
  /** Bare GET /api/videos lists every video up to this many, else answers its first page. */
  fullListMax: number;
  /** Which proxies' X-Forwarded-For names the client (per-address limits). */
  trustProxy: TrustProxy;
  /**
   * DEMO_ACCOUNT: whether the demo account with its published password exists; unset: on, but off
   * when NODE_ENV=production (a real site turns it on explicitly).
   */
  demoAccount: boolean;
  /**
   * SIGNUP (open or closed) and SIGNUP_EMAIL_DOMAINS: who may create an account; `emailDomains`
   * empty: any email address (routes/auth.ts).
   */
  signup: SignupPolicy;
  /**
   * Login and signup limits the environment sets, per client address: LOGINS_PER_MINUTE,
   * FAILED_LOGINS_PER_15MIN (per 15 minutes), SIGNUPS_PER_HOUR.
   */
  authLimits: Pick<AuthLimits, 'requestsPerAddress' | 'failuresPerAddress' | 'signupsPerAddress'>;
  /**
   * BODY_TIMEOUT_SECONDS: a request body none of whose bytes arrive for this long is answered
   * 408 and its connection closed; it must be whole within three times that.
   */
  bodyTimeoutSeconds: number;
  /** RENDERS_PER_MINUTE: pages rendered for one client address a minute (then the shell). */
  rendersPerMinute: number;
  /**
   * PUBLIC_URL: the site's origin as visitors reach it (`https://tube.example.org`), for the
   * absolute addresses of link previews, canonical links and the sitemap; undefined: the
   * request's own Host (seo/page-answers.ts).
   */
  publicUrl: string | undefined;
  /**
   * METRICS_PORT and METRICS_HOST (127.0.0.1 unless set): where the Prometheus endpoint listens
   * (metrics.ts); undefined (METRICS_PORT unset): no metrics.
   */
  metrics: { host: string; port: number } | undefined;
}

const MEGABYTE = 1024 * 1024;
/** What every request body a process reads holds at most (server-app.ts's BODY_BUDGET_BYTES). */
const BODY_BUDGET_BYTES = 64 * MEGABYTE;

/** HS256 wants a key at least as long as its 256-bit hash. */
export const MIN_SECRET_LENGTH = 32;
const DEFAULT_SQLITE_FILE = 'codetube.sqlite';

/** An unset variable and an empty one mean the same: use the default. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const wholeNumber = (min: number, max: number) => {
  const rule = `must be a whole number from ${min} to ${max}`;
  return z
    .string()
    .regex(/^\d+$/, rule)
    .transform(Number)
    .refine((value) => value >= min && value <= max, rule);
};

const PUBLIC_URL_RULE =
  "must be the site's address as its visitors reach it, e.g. https://tube.example.org (no path)";

/** An http(s) URL naming a site and nothing more (no path, query, fragment or credentials). */
function siteOrigin(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const bare =
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === '' &&
    !value.includes('?') &&
    !value.includes('#');
  return bare ? url.origin : undefined;
}

const envSchema = z.object({
  PORT: optional(
    z
      .string()
      .regex(/^\d+$/, 'must be a whole number from 1 to 65535')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65535, 'must be a whole number from 1 to 65535'),
  ),
  HOST: optional(z.string().regex(/^[^\s/]+$/, 'must be a host name or IP address')),
  JWT_SECRET: optional(
    z.string().min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters long`),
  ),
  LOG_LEVEL: optional(z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` })),
  LOG_FORMAT: optional(z.enum(logFormats, { error: `must be one of ${logFormats.join(', ')}` })),
  WEB_CONCURRENCY: optional(wholeNumber(1, MAX_WEB_CONCURRENCY)),
  SQLITE_READ_THREADS: optional(wholeNumber(0, MAX_SQLITE_READ_THREADS)),
  DATABASE_POOL_SIZE: optional(wholeNumber(1, 1000)),
  WEB_DIR: optional(z.string()),
  DEMO_ACCOUNT: optional(z.enum(['on', 'off'], { error: 'must be on or off' })),
  SIGNUP: optional(z.enum(['open', 'closed'], { error: 'must be open or closed' })),
  SEED_VIDEOS: optional(wholeNumber(0, 1_000_000)),
  CATALOGUE_FULL_LIST_MAX: optional(wholeNumber(0, 100_000)),
  SIGNUPS_PER_HOUR: optional(wholeNumber(1, 1_000_000)),
  RENDERS_PER_MINUTE: optional(wholeNumber(0, 1_000_000)),
  CATALOGUE_READS_AT_ONCE: optional(wholeNumber(1, 64)),
  CATALOGUE_READS_WAITING: optional(wholeNumber(0, 100_000)),
  LOGINS_PER_MINUTE: optional(wholeNumber(1, 1_000_000)),
  FAILED_LOGINS_PER_15MIN: optional(wholeNumber(1, 1_000_000)),
  BODY_MB_PER_ADDRESS: optional(wholeNumber(1, BODY_BUDGET_BYTES / MEGABYTE)),
  BODY_TIMEOUT_SECONDS: optional(wholeNumber(1, 300)),
  PUBLIC_URL: optional(
    z.string().transform((value, context) => {
      const origin = siteOrigin(value);
      if (origin === undefined) {
        context.addIssue({ code: 'custom', message: PUBLIC_URL_RULE });
        return z.NEVER;
      }
      return origin;
    }),
  ),
  METRICS_PORT: optional(wholeNumber(1, 65535)),
  METRICS_HOST: optional(z.string().regex(/^[^\s/]+$/, 'must be a host name or IP address')),
});

const TRUST_PROXY_RULE =
  'must be a number of proxy hops from 0 to 10 (e.g. 1) or a comma-separated list of proxy ' +
  'addresses or subnets (e.g. 10.0.0.2,10.1.0.0/16)';

/** TRUST_PROXY: unset or 0 → none; a hop count; or a list of addresses and subnets. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10)
      throw new ConfigError(`TRUST_PROXY: ${TRUST_PROXY_RULE} (got ${JSON.stringify(value)})`);
    return { kind: 'hops', hops };
  }
  const addresses = text.split(',').map((entry) => entry.trim());
  const bad = addresses.filter((entry) => !isAddressOrSubnet(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY: ${TRUST_PROXY_RULE} (got ${JSON.stringify(value)}; not an address: ${bad.map((entry) => JSON.stringify(entry)).join(', ')})`,
    );
  }
  return { kind: 'addresses', addresses };
}

const SIGNUP_EMAIL_DOMAINS_RULE =
  'must be a comma-separated list of email domains, e.g. school.example,pupils.school.example';

/** A domain name: two or more labels of letters, digits and inner hyphens, 253 characters at most. */
function isDomain(text: string): boolean {
  const labels = text.split('.');
  return (
    text.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))
  );
}

/**
 * SIGNUP_EMAIL_DOMAINS: unset or empty → any email may sign up; else the domains (lower case) an
 * email's part after its @ must be, exactly (a subdomain is listed on its own).
 */
export function parseSignupEmailDomains(value: string | undefined): string[] {
  const text = value?.trim() ?? '';
  if (text === '') return [];
  const domains = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  const refuse = (why: string) =>
    new ConfigError(
      `SIGNUP_EMAIL_DOMAINS: ${SIGNUP_EMAIL_DOMAINS_RULE} (got ${JSON.stringify(value)}; ${why})`,
    );
  if (domains.length === 0) throw refuse('it names no domain');
  const bad = domains.filter((entry) => !isDomain(entry));
  if (bad.length > 0) {
    throw refuse(`not a domain: ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`);
  }
  return [...new Set(domains)];
}

/** A configuration the server cannot start with; the message lists every bad variable. */
export class ConfigError extends Error {}

/**
 * DATABASE_URL: unset → SQLite in the data folder (created when missing); `postgres://` or
 * `postgresql://` → PostgreSQL; a `file:` URL or a plain path → SQLite there, in a folder that
 * must exist unless it is DATA_DIR. Anything else is refused.
 */
export function parseDatabaseUrl(value: string | undefined, dataDir: string): DatabaseLocation {
  if (value === undefined) return { dialect: 'sqlite', path: join(dataDir, DEFAULT_SQLITE_FILE) };
  if (/^postgres(ql)?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw new ConfigError('DATABASE_URL: is not a valid postgres:// URL');
    }
    if (!url.hostname) throw new ConfigError('DATABASE_URL: the postgres:// URL names no host');
    return { dialect: 'postgres', url: value };
  }
  if (/^file:/i.test(value)) {
    let path: string;
    try {
      path = value.startsWith('file://') ? fileURLToPath(value) : value.slice('file:'.length);
    } catch {
      throw new ConfigError('DATABASE_URL: is not a valid file: URL');
    }
    if (!path) throw new ConfigError('DATABASE_URL: the file: URL names no file');
    return sqliteFile(resolve(path), dataDir);
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    throw new ConfigError(
      'DATABASE_URL: must be a file path, a file: URL or a postgres:// URL (PostgreSQL)',
    );
  }
  return sqliteFile(isAbsolute(value) ? value : resolve(value), dataDir);
}

/**
 * A SQLite file DATABASE_URL names: its folder must exist (a mistyped path is refused, not
 * created), unless it is the data folder, which the server creates on its first start.
 */
function sqliteFile(path: string, dataDir: string): DatabaseLocation {
  return { dialect: 'sqlite', path, createFolder: dirname(path) === dataDir };
}

/** What a bad value was, for the error message; a secret is never echoed, only its length. */
function describeGiven(name: string, given: string | undefined): string {
  if (given === undefined) return '';
  if (name === 'JWT_SECRET') return ` (got ${given.length} characters)`;
  return ` (got ${JSON.stringify(given)})`;
}

/** Reads the configuration from an environment, or throws a ConfigError naming each problem. */
export function parseConfig(env: Record<string, string | undefined>): ServerConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `${name}: ${issue.message}${describeGiven(name, env[name])}`;
      });
  const dataDir = env.DATA_DIR ? resolve(env.DATA_DIR) : join(PROJECT_DIR, 'data');
  let database: DatabaseLocation | undefined;
  try {
    database = parseDatabaseUrl(env.DATABASE_URL || undefined, dataDir);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(error.message);
  }
  let trustProxy: TrustProxy | undefined;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(error.message);
  }
  let emailDomains: string[] | undefined;
  try {
    emailDomains = parseSignupEmailDomains(env.SIGNUP_EMAIL_DOMAINS);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(error.message);
  }
  if (!parsed.success || !database || !trustProxy || !emailDomains) {
    throw new ConfigError(problems.join('\n'));
  }
  const vars = parsed.data;
  const webConcurrency =
    vars.WEB_CONCURRENCY ?? Math.min(availableParallelism(), MAX_WEB_CONCURRENCY);
  const sqliteReadThreads = vars.SQLITE_READ_THREADS ?? defaultReadThreads(webConcurrency);
  return {
    port: vars.PORT ?? 3000,
    host: vars.HOST ?? '127.0.0.1',
    database,
    jwtSecret: vars.JWT_SECRET,
    logLevel: vars.LOG_LEVEL ?? 'info',
    logFormat: vars.LOG_FORMAT ?? 'auto',
    webConcurrency,
    sqliteReadThreads,
    // Half of what a process may run at once: its SQLite read threads, or on PostgreSQL its share
    // of the cores (the database's backends do the work, often on the same machine).
    catalogueReadsPerClient:
      vars.CATALOGUE_READS_AT_ONCE ??
      Math.max(
        1,
        Math.floor(
          (database.dialect === 'sqlite' ? sqliteReadThreads : defaultReadThreads(webConcurrency)) /
            2,
        ),
      ),
    catalogueWaitingPerClient: vars.CATALOGUE_READS_WAITING ?? CATALOGUE_WAITING_PER_CLIENT,
    bodyBytesPerAddress: (vars.BODY_MB_PER_ADDRESS ?? 8) * MEGABYTE,
    databasePoolSize: vars.DATABASE_POOL_SIZE ?? DEFAULT_POSTGRES_POOL_SIZE,
    dataDir,
    webDir: vars.WEB_DIR ? resolve(vars.WEB_DIR) : join(PROJECT_DIR, 'dist', 'web'),
    seedVideos: vars.SEED_VIDEOS ?? 0,
    fullListMax: vars.CATALOGUE_FULL_LIST_MAX ?? DEFAULT_FULL_LIST_MAX,
    trustProxy,
    // Its password is published: a production site has it only when it asks for it.
    demoAccount: (vars.DEMO_ACCOUNT ?? (env.NODE_ENV === 'production' ? 'off' : 'on')) === 'on',
    signup: { open: (vars.SIGNUP ?? 'open') === 'open', emailDomains },
    authLimits: {
      requestsPerAddress: {
        ...DEFAULT_AUTH_LIMITS.requestsPerAddress,
        max: vars.LOGINS_PER_MINUTE ?? DEFAULT_AUTH_LIMITS.requestsPerAddress.max,
      },
      failuresPerAddress: {
        ...DEFAULT_AUTH_LIMITS.failuresPerAddress,
        max: vars.FAILED_LOGINS_PER_15MIN ?? DEFAULT_AUTH_LIMITS.failuresPerAddress.max,
      },
      signupsPerAddress: {
        ...DEFAULT_AUTH_LIMITS.signupsPerAddress,
        max: vars.SIGNUPS_PER_HOUR ?? DEFAULT_AUTH_LIMITS.signupsPerAddress.max,
      },
    },
    bodyTimeoutSeconds: vars.BODY_TIMEOUT_SECONDS ?? 10,
    rendersPerMinute: vars.RENDERS_PER_MINUTE ?? RENDER_LIMITS.perClient,
    publicUrl: vars.PUBLIC_URL,
    metrics:
      vars.METRICS_PORT === undefined
        ? undefined
        : { host: vars.METRICS_HOST ?? '127.0.0.1', port: vars.METRICS_PORT },
  };
}

/**
 * What the server (not the CLIs, which write no link) needs besides parseConfig's: in production
 * PUBLIC_URL, so that canonical links, the sitemap and robots.txt never name a request's Host.
 */
export function checkServerConfig(
  config: ServerConfig,
  env: Record<string, string | undefined>,
): void {
  if (env.NODE_ENV === 'production' && config.publicUrl === undefined) {
    throw new ConfigError(
      `PUBLIC_URL: must be set when NODE_ENV=production (${PUBLIC_URL_RULE.replace('must be ', '')})`,
    );
  }
}

/** The address a server listening on `host` and `port` is reached at: an IPv6 host in brackets. */
export function listeningUrl(host: string, port: number): string {
  return `http://${isIPv6(host) ? `[${host}]` : host}:${port}`;
}
