import { readFileSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, inject, it } from 'vitest';
import { TEST_ACCOUNT } from '../../contract/limits';
import { systemClock } from '../../api/clock';
import { seedIfEmpty } from '../../api/seed/seed-data';
import { testHasher } from '../../api/testing/api-harness';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';

const stores = [
  { name: 'SQLite', open: () => openSqliteTestStore() },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

const imported = {
  _id: 'imported-1',
  title: 'Imported before the first start',
  channelName: 'Operators',
  views: 7,
  uploadedOn: '2025-01-01',
  avatar: 'https://example.com/a.png',
  description: 'Loaded with npm run catalogue',
  categoryName: 'Ops',
};

describe.each(stores)('the first seed on $name', ({ open }) => {
  it('leaves a catalogue imported before it alone and still adds the test users', async () => {
    const opened = await open();
    try {
      await opened.store.upsertVideos([imported]);
      await seedIfEmpty(opened.store, testHasher, systemClock());
      expect(await opened.store.countVideos()).toBe(1);
      expect(await opened.store.categoryNames()).toEqual(['Ops']);
      expect(await opened.store.listCategories()).toEqual([]);
      expect(await opened.store.findUserByEmail(TEST_ACCOUNT.email)).toBeDefined();
      await seedIfEmpty(opened.store, testHasher, systemClock());
      expect(await opened.store.countVideos()).toBe(1);
    } finally {
      await opened.close();
    }
  });
});

describe('the first seed on SQLite', () => {
  it('ends with every frame of the log copied into the database file (a checkpoint)', async () => {
    const opened = await openSqliteTestStore();
    try {
      await seedIfEmpty(opened.store, testHasher, systemClock(), { extraVideos: 2_000 });
      const { path } = opened.database.driver as { path: string };
      // The log's shared index (SQLite's WAL-index format): the last frame in the log
      // (mxFrame, a 32-bit word at byte 16 of its header) and the frames already copied into
      // the database file (nBackfill, at byte 96), in this machine's byte order.
      const index = readFileSync(`${path}-shm`);
      const read = (offset: number) =>
        os.endianness() === 'LE' ? index.readUInt32LE(offset) : index.readUInt32BE(offset);
      const frames = read(16);
      expect(frames).toBeGreaterThan(0);
      expect(read(96)).toBe(frames);
      expect(await opened.store.countVideos()).toBeGreaterThan(2_000);
    } finally {
      await opened.close();
    }
  });
});
