import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { staleReason } from './ensure-web-build';
import { createTempDir } from './testing/test-databases';

describe('staleReason', () => {
  const dir = createTempDir();
  afterAll(dir.drop);
  const root = dir.path;
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
  const write = (path: string, seconds: number) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), path);
    // The file and the folders it sits in (a folder's time changes when files come and go).
    const parts = path.split('/');
    for (let depth = parts.length; depth > 0; depth -= 1) {
      utimesSync(join(root, ...parts.slice(0, depth)), at(seconds), at(seconds));
    }
  };

  it('asks for a build when dist/web is missing, or older than any source', () => {
    write('src/web/main.tsx', 10);
    write('index.html', 10);
    expect(staleReason(root)).toBe('dist/web is missing');
    write('dist/web/index.html', 20);
    expect(staleReason(root)).toBeUndefined();
    write('src/web/features/videos/deep/card.tsx', 30);
    expect(staleReason(root)).toBe('src/web changed since the last build');
    write('dist/web/index.html', 40);
    write('.env.production', 50);
    expect(staleReason(root)).toBe('.env.production changed since the last build');
  });
});
