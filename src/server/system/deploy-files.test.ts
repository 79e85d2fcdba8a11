import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The deploy files an operator copies (docs/operators.md "Deploy"). The Dockerfile and compose.yaml cannot
 * be built on the test machines: what is checked is that they run the tested install script
 * (install-production.test.ts) and keep their promises; nginx.conf runs for real in
 * behind-nginx.test.ts.
 */
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8');

/** A systemd unit's `Key=value` lines (comments and sections left out). */
function unitSettings(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (!match) continue;
    settings.set(match[1]!, [...(settings.get(match[1]!) ?? []), match[2]!]);
  }
  return settings;
}

describe('deploy/codetube.service', () => {
  const unit = unitSettings(read('deploy/codetube.service'));

  it('runs node on the built server as a user of its own, in production', () => {
    expect(unit.get('User')).toEqual(['codetube']);
    expect(unit.get('ExecStart')).toEqual(['/usr/bin/node dist/server/main.mjs']);
    expect(unit.get('Environment')).toContain('NODE_ENV=production');
    expect(unit.get('EnvironmentFile')).toEqual(['/etc/codetube/codetube.env']);
    expect(unit.get('Restart')).toEqual(['always']);
    expect(unit.get('KillSignal')).toEqual(['SIGTERM']);
  });

  it.skipIf(!existsSync('/usr/bin/systemd-analyze'))(
    'is a unit systemd reads without a complaint (systemd-analyze verify)',
    () => {
      const result = spawnSync(
        '/usr/bin/systemd-analyze',
        ['verify', '--man=no', join(projectRoot, 'deploy/codetube.service')],
        { encoding: 'utf8' },
      );
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
    },
  );

  it('is hardened', () => {
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['CapabilityBoundingSet', ''],
    ] as const) {
      expect(unit.get(key), key).toEqual([value]);
    }
    expect(unit.get('ReadWritePaths')).toEqual(['/var/lib/codetube']);
  });
});

describe('Dockerfile and compose.yaml', () => {
  const dockerfile = read('Dockerfile');

  it('installs through scripts/install-production.sh, and runs as a non-root user with a health check', () => {
    expect(dockerfile).toMatch(/^RUN sh scripts\/install-production\.sh/m);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
    // The last stage: copied from the install stage, never its own npm install.
    const runStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runStage).not.toMatch(/npm (ci|install)/);
    expect(runStage).toMatch(/^USER node$/m);
    expect(runStage).toMatch(/^ENV NODE_ENV=production/m);
    expect(runStage).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(runStage).toMatch(/^CMD \["node", "dist\/server\/main\.mjs"\]$/m);
  });

  it('compose runs that image on PostgreSQL, waiting for it to be healthy', () => {
    const compose = read('compose.yaml');
    expect(compose).toMatch(/^ {4}build: \.$/m);
    expect(compose).toMatch(/image: postgres:\d+/);
    expect(compose).toMatch(
      /DATABASE_URL: postgres:\/\/codetube:\$\{POSTGRES_PASSWORD\}@db:5432\/codetube/,
    );
    expect(compose).toMatch(/condition: service_healthy/);
  });

  it("compose sets the workers and their pools so that they fit postgres:17's 100 connections", () => {
    const compose = read('compose.yaml');
    const workers = /^ {6}WEB_CONCURRENCY: \$\{WEB_CONCURRENCY:-(\d+)\}$/m.exec(compose);
    const pool = /^ {6}DATABASE_POOL_SIZE: \$\{DATABASE_POOL_SIZE:-(\d+)\}$/m.exec(compose);
    expect(workers).not.toBeNull();
    expect(pool).not.toBeNull();
    // max_connections 100 less 3 reserved (the image's defaults).
    expect(Number(workers![1]) * Number(pool![1])).toBeLessThanOrEqual(97);
  });
});

describe('CHANGELOG.md', () => {
  it("has an Unreleased section, then package.json's version as its newest release", () => {
    const headings = read('CHANGELOG.md').match(/^## .*$/gm) ?? [];
    const { version } = JSON.parse(read('package.json')) as { version: string };
    expect(headings[0]).toBe('## [Unreleased]');
    expect(headings[1]).toMatch(
      new RegExp(`^## \\[${version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d\\d-\\d\\d$`),
    );
  });
});
