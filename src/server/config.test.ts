import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkServerConfig,
  ConfigError,
  defaultReadThreads,
  listeningUrl,
  parseConfig,
} from './config';

/** The project's folder: DATA_DIR's and WEB_DIR's defaults are in it. */
const project = resolve(import.meta.dirname, '../..');

describe('parseConfig', () => {
  it('defaults to port 3000 on 127.0.0.1 with SQLite in data/ and a generated secret', () => {
    const config = parseConfig({});
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      database: { dialect: 'sqlite', path: join(project, 'data', 'codetube.sqlite') },
      jwtSecret: undefined,
      logLevel: 'info',
      logFormat: 'auto',
      webConcurrency: Math.min(availableParallelism(), 64),
      sqliteReadThreads: defaultReadThreads(Math.min(availableParallelism(), 64)),
      catalogueReadsPerClient: Math.max(
        1,
        Math.floor(defaultReadThreads(Math.min(availableParallelism(), 64)) / 2),
      ),
      databasePoolSize: 10,
      dataDir: join(project, 'data'),
      webDir: join(project, 'dist', 'web'),
      seedVideos: 0,
      fullListMax: 10_000,
      trustProxy: { kind: 'none' },
      demoAccount: true,
      signup: { open: true, emailDomains: [] },
      authLimits: {
        requestsPerAddress: { max: 300, windowSeconds: 60 },
        failuresPerAddress: { max: 100, windowSeconds: 900 },
        signupsPerAddress: { max: 20, windowSeconds: 3600 },
      },
      catalogueWaitingPerClient: 16,
      bodyBytesPerAddress: 8 * 1024 * 1024,
      bodyTimeoutSeconds: 10,
      rendersPerMinute: 20,
      publicUrl: undefined,
    });
  });

  it('keeps the default folders in the project wherever it starts; given ones are where it starts', () => {
    const started = process.cwd();
    const elsewhere = mkdtempSync(join(tmpdir(), 'codetube-cwd-'));
    try {
      process.chdir(elsewhere);
      const defaults = parseConfig({});
      expect(defaults.dataDir).toBe(join(project, 'data'));
      expect(defaults.webDir).toBe(join(project, 'dist', 'web'));
      const given = parseConfig({ DATA_DIR: 'mine', WEB_DIR: 'site' });
      expect(given.dataDir).toBe(join(process.cwd(), 'mine'));
      expect(given.webDir).toBe(join(process.cwd(), 'site'));
    } finally {
      process.chdir(started);
      rmSync(elsewhere, { recursive: true });
    }
  });

  it('writes the address it listens at as a URL, an IPv6 host in brackets', () => {
    expect(listeningUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(listeningUrl('::', 3000)).toBe('http://[::]:3000');
    expect(listeningUrl('localhost', 80)).toBe('http://localhost:80');
  });

  it('serves metrics only with METRICS_PORT, on loopback unless METRICS_HOST says otherwise', () => {
    expect(parseConfig({}).metrics).toBeUndefined();
    expect(parseConfig({ METRICS_PORT: '9100' }).metrics).toEqual({
      host: '127.0.0.1',
      port: 9100,
    });
    expect(parseConfig({ METRICS_PORT: '9100', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      host: '10.0.0.5',
      port: 9100,
    });
    expect(() => parseConfig({ METRICS_PORT: 'on' })).toThrow(
      'METRICS_PORT: must be a whole number from 1 to 65535 (got "on")',
    );
  });

  it('treats empty variables as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '', JWT_SECRET: '' }).port).toBe(3000);
  });

  it('reads a plain path or a file: URL as SQLite and postgres:// as PostgreSQL', () => {
    expect(parseConfig({ DATABASE_URL: '/tmp/x.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      path: '/tmp/x.sqlite',
      createFolder: false,
    });
    expect(parseConfig({ DATABASE_URL: 'file:///tmp/y.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      path: '/tmp/y.sqlite',
      createFolder: false,
    });
    expect(parseConfig({ DATABASE_URL: 'file:./data/z.sqlite' }).database).toEqual({
      dialect: 'sqlite',
      path: resolve('data/z.sqlite'),
      // The project's data folder (the tests run in the project): DATA_DIR's default.
      createFolder: true,
    });
    expect(parseConfig({ DATA_DIR: '/srv/codetube' }).database).toEqual({
      dialect: 'sqlite',
      path: join('/srv/codetube', 'codetube.sqlite'),
    });
    // A file in DATA_DIR: the data folder is created on the first start, as by default.
    expect(
      parseConfig({ DATA_DIR: '/srv/new', DATABASE_URL: '/srv/new/x.sqlite' }).database,
    ).toEqual({ dialect: 'sqlite', path: '/srv/new/x.sqlite', createFolder: true });
    for (const url of ['postgres://u:p@db:5432/codetube', 'postgresql://db/codetube']) {
      expect(parseConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'postgres', url });
    }
  });

  it('names every bad variable with the value it got (a secret only by its length)', () => {
    const attempt = () =>
      parseConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'short',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      [
        'PORT: must be a whole number from 1 to 65535 (got "eighty")',
        'JWT_SECRET: must be at least 32 characters long (got 5 characters)',
        'LOG_LEVEL: must be one of debug, info, warn, error, silent (got "loud")',
      ].join('\n'),
    );
    expect(() => parseConfig({ PORT: '70000' })).toThrow(
      'PORT: must be a whole number from 1 to 65535 (got "70000")',
    );
  });

  it('refuses a DATABASE_URL it cannot serve', () => {
    expect(() => parseConfig({ DATABASE_URL: 'mysql://db/codetube' })).toThrow(
      'DATABASE_URL: must be a file path, a file: URL or a postgres:// URL (PostgreSQL)',
    );
    expect(() => parseConfig({ DATABASE_URL: 'postgres://' })).toThrow(ConfigError);
  });
});

describe('catalogue reads per client', () => {
  it('leaves half of what a process runs at once to other clients, at least one each', () => {
    const reads = (vars: Record<string, string>) => parseConfig(vars).catalogueReadsPerClient;
    expect(reads({ SQLITE_READ_THREADS: '2' })).toBe(1);
    expect(reads({ SQLITE_READ_THREADS: '0' })).toBe(1);
    expect(reads({ SQLITE_READ_THREADS: '1' })).toBe(1);
    expect(reads({ SQLITE_READ_THREADS: '8' })).toBe(4);
    expect(reads({ SQLITE_READ_THREADS: '9' })).toBe(4);
    const postgres = (workers: string) =>
      reads({ DATABASE_URL: 'postgres://db.example/codetube', WEB_CONCURRENCY: workers });
    expect(postgres('1')).toBe(Math.max(1, Math.floor(defaultReadThreads(1) / 2)));
    expect(postgres('64')).toBe(1);
  });
});

describe('SQLITE_READ_THREADS', () => {
  it('shares the cores among the processes, at least two threads each, unless told', () => {
    expect(defaultReadThreads(1, 8)).toBe(8);
    expect(defaultReadThreads(4, 8)).toBe(2);
    expect(defaultReadThreads(3, 8)).toBe(3);
    expect(defaultReadThreads(1, 1)).toBe(2);
    expect(defaultReadThreads(1, 256)).toBe(64);
    expect(parseConfig({ WEB_CONCURRENCY: '1' }).sqliteReadThreads).toBe(
      defaultReadThreads(1, availableParallelism()),
    );
    expect(parseConfig({ SQLITE_READ_THREADS: '0' }).sqliteReadThreads).toBe(0);
    expect(parseConfig({ SQLITE_READ_THREADS: '64' }).sqliteReadThreads).toBe(64);
    for (const bad of ['65', '-1', '1.5', 'on']) {
      expect(() => parseConfig({ SQLITE_READ_THREADS: bad })).toThrow(
        `SQLITE_READ_THREADS: must be a whole number from 0 to 64 (got ${JSON.stringify(bad)})`,
      );
    }
  });
});

describe('WEB_CONCURRENCY and LOG_FORMAT', () => {
  it('takes a whole number of worker processes from 1 to 64, naming what it got otherwise', () => {
    expect(parseConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(parseConfig({ WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
    for (const bad of ['0', '65', '2.5', '-1', 'auto', ' 2']) {
      expect(() => parseConfig({ WEB_CONCURRENCY: bad })).toThrow(
        `WEB_CONCURRENCY: must be a whole number from 1 to 64 (got ${JSON.stringify(bad)})`,
      );
    }
  });

  it('takes json or pretty, and leaves the choice to the terminal when unset', () => {
    expect(parseConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(parseConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(parseConfig({ LOG_FORMAT: '' }).logFormat).toBe('auto');
    expect(() => parseConfig({ LOG_FORMAT: 'xml' })).toThrow(
      'LOG_FORMAT: must be one of json, pretty (got "xml")',
    );
  });
});

describe('SEED_VIDEOS', () => {
  it('takes a whole number of made-up videos to seed, and refuses anything else', () => {
    expect(parseConfig({ SEED_VIDEOS: '1000000' }).seedVideos).toBe(1_000_000);
    expect(() => parseConfig({ SEED_VIDEOS: 'many' })).toThrow(
      'SEED_VIDEOS: must be a whole number from 0 to 1000000',
    );
    expect(() => parseConfig({ SEED_VIDEOS: '1000001' })).toThrow(/SEED_VIDEOS/);
  });
});

describe('CATALOGUE_FULL_LIST_MAX', () => {
  it('defaults to 10,000 and takes a whole number up to 100,000', () => {
    expect(parseConfig({}).fullListMax).toBe(10_000);
    expect(parseConfig({ CATALOGUE_FULL_LIST_MAX: '50' }).fullListMax).toBe(50);
    expect(() => parseConfig({ CATALOGUE_FULL_LIST_MAX: '-1' })).toThrow(
      'CATALOGUE_FULL_LIST_MAX: must be a whole number from 0 to 100000',
    );
  });

  it('reads TRUST_PROXY as a hop count or a list of addresses and subnets', () => {
    expect(parseConfig({ TRUST_PROXY: '0' }).trustProxy).toEqual({ kind: 'none' });
    expect(parseConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(parseConfig({ TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1' }).trustProxy).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.2', '10.1.0.0/16', '::1'],
    });
  });

  it('refuses a bad TRUST_PROXY with a message naming the rule and the bad entry', () => {
    for (const bad of ['yes', '11', '10.0.0.1,proxy.local', '10.0.0.0/33', '-1']) {
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
    }
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow(
      /^TRUST_PROXY: must be a number of proxy hops .*not an address: "proxy.local"/,
    );
  });

  it('reads SIGNUPS_PER_HOUR, 20 by default', () => {
    expect(parseConfig({ SIGNUPS_PER_HOUR: '500' }).authLimits.signupsPerAddress).toEqual({
      max: 500,
      windowSeconds: 3600,
    });
    expect(() => parseConfig({ SIGNUPS_PER_HOUR: '0' })).toThrow(
      'SIGNUPS_PER_HOUR: must be a whole number from 1 to 1000000',
    );
  });

  it('reads DATABASE_POOL_SIZE as the PostgreSQL connections per process, 10 by default', () => {
    expect(parseConfig({}).databasePoolSize).toBe(10);
    expect(parseConfig({ DATABASE_POOL_SIZE: '3' }).databasePoolSize).toBe(3);
    expect(() => parseConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      'DATABASE_POOL_SIZE: must be a whole number from 1 to 1000 (got "0")',
    );
  });

  it('reads the per-address limits a school behind one address hits (issue 42 #10)', () => {
    const school = parseConfig({
      CATALOGUE_READS_AT_ONCE: '3',
      CATALOGUE_READS_WAITING: '600',
      LOGINS_PER_MINUTE: '1200',
      FAILED_LOGINS_PER_15MIN: '600',
      BODY_MB_PER_ADDRESS: '64',
    });
    expect(school.catalogueReadsPerClient).toBe(3);
    expect(school.catalogueWaitingPerClient).toBe(600);
    expect(school.authLimits.requestsPerAddress).toEqual({ max: 1200, windowSeconds: 60 });
    expect(school.authLimits.failuresPerAddress).toEqual({ max: 600, windowSeconds: 900 });
    expect(school.bodyBytesPerAddress).toBe(64 * 1024 * 1024);
    expect(() =>
      parseConfig({
        CATALOGUE_READS_AT_ONCE: '0',
        CATALOGUE_READS_WAITING: 'many',
        LOGINS_PER_MINUTE: '0',
        FAILED_LOGINS_PER_15MIN: '-1',
        BODY_MB_PER_ADDRESS: '65',
      }),
    ).toThrow(
      [
        'CATALOGUE_READS_AT_ONCE: must be a whole number from 1 to 64 (got "0")',
        'CATALOGUE_READS_WAITING: must be a whole number from 0 to 100000 (got "many")',
        'LOGINS_PER_MINUTE: must be a whole number from 1 to 1000000 (got "0")',
        'FAILED_LOGINS_PER_15MIN: must be a whole number from 1 to 1000000 (got "-1")',
        'BODY_MB_PER_ADDRESS: must be a whole number from 1 to 64 (got "65")',
      ].join('\n'),
    );
  });

  it('reads BODY_TIMEOUT_SECONDS as a whole number of seconds from 1 to 300, 10 by default', () => {
    expect(parseConfig({ BODY_TIMEOUT_SECONDS: '2' }).bodyTimeoutSeconds).toBe(2);
    expect(() => parseConfig({ BODY_TIMEOUT_SECONDS: '0' })).toThrow(
      'BODY_TIMEOUT_SECONDS: must be a whole number from 1 to 300 (got "0")',
    );
  });

  it('reads DEMO_ACCOUNT as on or off, on by default', () => {
    expect(parseConfig({ DEMO_ACCOUNT: 'off' }).demoAccount).toBe(false);
    expect(parseConfig({ DEMO_ACCOUNT: 'on' }).demoAccount).toBe(true);
    expect(() => parseConfig({ DEMO_ACCOUNT: 'no' })).toThrow(
      'DEMO_ACCOUNT: must be on or off (got "no")',
    );
  });

  it('reads RENDERS_PER_MINUTE, the pages one client address gets rendered a minute', () => {
    expect(parseConfig({}).rendersPerMinute).toBe(20);
    expect(parseConfig({ RENDERS_PER_MINUTE: '600' }).rendersPerMinute).toBe(600);
    expect(() => parseConfig({ RENDERS_PER_MINUTE: 'lots' })).toThrow(
      'RENDERS_PER_MINUTE: must be a whole number from 0 to 1000000 (got "lots")',
    );
  });

  it('requires PUBLIC_URL of a server with NODE_ENV=production (its links are never a Host)', () => {
    const production = parseConfig({ NODE_ENV: 'production' });
    expect(() => checkServerConfig(production, { NODE_ENV: 'production' })).toThrow(
      /^PUBLIC_URL: must be set when NODE_ENV=production/,
    );
    const env = { NODE_ENV: 'production', PUBLIC_URL: 'https://tube.example.org' };
    expect(() => checkServerConfig(parseConfig(env), env)).not.toThrow();
    // Development, and the CLIs (which write no link), go without.
    expect(() => checkServerConfig(parseConfig({}), {})).not.toThrow();
  });

  it('turns the demo account off by default when NODE_ENV=production; DEMO_ACCOUNT=on turns it on', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).demoAccount).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', DEMO_ACCOUNT: 'on' }).demoAccount).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', DEMO_ACCOUNT: 'off' }).demoAccount).toBe(false);
    expect(parseConfig({ NODE_ENV: 'development' }).demoAccount).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).demoAccount).toBe(true);
  });

  it('reads SIGNUP as open or closed, open by default', () => {
    expect(parseConfig({}).signup).toEqual({ open: true, emailDomains: [] });
    expect(parseConfig({ SIGNUP: 'closed' }).signup).toEqual({ open: false, emailDomains: [] });
    expect(parseConfig({ SIGNUP: 'open' }).signup).toEqual({ open: true, emailDomains: [] });
    expect(() => parseConfig({ SIGNUP: 'no' })).toThrow(
      'SIGNUP: must be open or closed (got "no")',
    );
  });

  it('reads SIGNUP_EMAIL_DOMAINS as a comma-separated list of domains, in lower case', () => {
    expect(
      parseConfig({ SIGNUP_EMAIL_DOMAINS: 'School.Example, pupils.school.example ,' }).signup,
    ).toEqual({ open: true, emailDomains: ['school.example', 'pupils.school.example'] });
    expect(parseConfig({ SIGNUP_EMAIL_DOMAINS: '' }).signup.emailDomains).toEqual([]);
  });

  it('refuses SIGNUP_EMAIL_DOMAINS entries that are not domains, naming them', () => {
    const rule =
      'SIGNUP_EMAIL_DOMAINS: must be a comma-separated list of email domains, e.g. ' +
      'school.example,pupils.school.example';
    expect(() => parseConfig({ SIGNUP_EMAIL_DOMAINS: '@school.example' })).toThrow(
      `${rule} (got "@school.example"; not a domain: "@school.example")`,
    );
    expect(() => parseConfig({ SIGNUP_EMAIL_DOMAINS: 'school.example,not a domain,x' })).toThrow(
      `${rule} (got "school.example,not a domain,x"; not a domain: "not a domain", "x")`,
    );
    expect(() => parseConfig({ SIGNUP_EMAIL_DOMAINS: 'ada@school.example' })).toThrow(
      'not a domain: "ada@school.example"',
    );
    expect(() => parseConfig({ SIGNUP_EMAIL_DOMAINS: ',' })).toThrow(
      `${rule} (got ","; it names no domain)`,
    );
  });

  it('names SIGNUP and SIGNUP_EMAIL_DOMAINS with the other bad variables at once', () => {
    expect(() => parseConfig({ SIGNUP: 'maybe', SIGNUP_EMAIL_DOMAINS: 'x', PORT: 'http' })).toThrow(
      /PORT: .*\n.*SIGNUP: .*\n.*SIGNUP_EMAIL_DOMAINS: /s,
    );
  });

  it("reads PUBLIC_URL as the site's origin (http or https, no path), unset by default", () => {
    expect(parseConfig({ PUBLIC_URL: 'https://tube.example.org' }).publicUrl).toBe(
      'https://tube.example.org',
    );
    expect(parseConfig({ PUBLIC_URL: 'https://Tube.Example.org:8443/' }).publicUrl).toBe(
      'https://tube.example.org:8443',
    );
    for (const bad of [
      'tube.example.org',
      'ftp://tube.example.org',
      'https://x.org/app',
      'https://x.org/?a=1',
      'https://u:p@x.org',
    ]) {
      expect(() => parseConfig({ PUBLIC_URL: bad })).toThrow(
        `PUBLIC_URL: must be the site's address as its visitors reach it, e.g. https://tube.example.org (no path) (got ${JSON.stringify(bad)})`,
      );
    }
  });
});
