import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverStaleReason, webStaleReason } from '../../scripts/build-state.mjs';
import { createTempDir } from './testing/test-databases';

describe('what `npm start` rebuilds (scripts/build-state.mjs)', () => {
  const dir = createTempDir();
  afterAll(dir.drop);
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  /** Writes a file in its own root, dated `seconds`, and the folders it sits in too. */
  const writer = (root: string) => (path: string, seconds: number) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), path);
    // The file and the folders it sits in (a folder's time changes when files come and go).
    const parts = path.split('/');
    for (let depth = parts.length; depth > 0; depth -= 1) {
      utimesSync(join(root, ...parts.slice(0, depth)), at(seconds), at(seconds));
    }
  };

  it('builds dist/web when it is missing, or older than any of its sources', () => {
    const root = join(dir.path, 'web');
    const write = writer(root);
    write('src/web/main.tsx', 10);
    write('index.html', 10);
    expect(webStaleReason(root)).toBe('dist/web is missing');
    write('dist/web/index.html', 20);
    // The server's page renderer is built with it, from the same sources.
    expect(webStaleReason(root)).toBe('dist/web is missing');
    write('dist/web-render/render-page.js', 20);
    expect(webStaleReason(root)).toBeUndefined();
    write('src/web/features/videos/deep/card.tsx', 30);
    expect(webStaleReason(root)).toBe('src/web changed since the last build');
    write('dist/web/index.html', 40);
    write('dist/web-render/render-page.js', 40);
    write('.env.production', 50);
    expect(webStaleReason(root)).toBe('.env.production changed since the last build');
  });

  it('bundles dist/server when a bundle is missing, or older than the server, API or contract', () => {
    const root = join(dir.path, 'server');
    const write = writer(root);
    write('src/server/main.ts', 10);
    write('src/api/create-api.ts', 10);
    write('src/contract/limits.ts', 10);
    write('package-lock.json', 10);
    write('dist/server/main.mjs', 20);
    expect(serverStaleReason(root)).toBe('dist/server is missing');
    write('dist/server/catalogue.mjs', 20);
    expect(serverStaleReason(root)).toBe('dist/server is missing');
    write('dist/server/sqlite-read-worker.mjs', 20);
    expect(serverStaleReason(root)).toBe('dist/server is missing');
    write('dist/server/users.mjs', 20);
    write('dist/server/backup.mjs', 20);
    expect(serverStaleReason(root)).toBe('dist/server is missing');
    write('dist/server/migrate.mjs', 20);
    expect(serverStaleReason(root)).toBeUndefined();
    // The web app is not part of the server.
    write('src/web/main.tsx', 30);
    expect(serverStaleReason(root)).toBeUndefined();
    write('src/api/deep/routes/videos.ts', 30);
    expect(serverStaleReason(root)).toBe('src/api changed since the last build');
    write('dist/server/main.mjs', 40);
    write('dist/server/catalogue.mjs', 40);
    write('dist/server/sqlite-read-worker.mjs', 40);
    write('dist/server/users.mjs', 40);
    write('dist/server/backup.mjs', 40);
    write('dist/server/migrate.mjs', 40);
    write('package-lock.json', 50);
    expect(serverStaleReason(root)).toBe('package-lock.json changed since the last build');
  });
});
