import { describe, expect, inject, it } from 'vitest';
import { builtServerFile } from './built-server';
import { createPostgresDatabase } from './test-databases';

// This file is in neither list of test-needs.ts: it runs with no PostgreSQL and no build.
describe('a node test file outside the lists of test-needs.ts', () => {
  it('is told where to add itself when it asks for PostgreSQL', async () => {
    await expect(createPostgresDatabase(inject('postgresUrl'))).rejects.toThrow(
      'usesPostgres (src/server/testing/test-needs.ts)',
    );
  });

  it('is told where to add itself when it runs the built server', () => {
    expect(() => builtServerFile('main.mjs')).toThrow(
      'runsBuiltServer (src/server/testing/test-needs.ts)',
    );
  });
});
