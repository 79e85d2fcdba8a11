import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OpenedStore } from '../../api/testing/api-suite';
import { apiErrorOf } from '../../api/http/store-errors';
import { seedVideos } from '../../api/seed/videos';
import { StoreError } from '../../api/store/store-error';
import { apiErrors } from '../../contract/errors';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';

const stores = [
  { name: 'SQLite', open: openSqliteTestStore },
  { name: 'PostgreSQL', open: () => openPostgresTestStore(inject('postgresUrl')) },
];

const AT = '2026-11-26T07:00:00+00:00';

/**
 * The API checks a video exists before a write that names it, but an operator's removal can
 * commit in between: the write then names a video that is gone, as these do.
 */
describe.each(stores)('a write naming a video removed meanwhile on $name', ({ open }) => {
  let opened: OpenedStore;
  let userId: string;
  let playlistId: string;
  beforeAll(async () => {
    opened = await open();
    await opened.store.seed({
      videos: seedVideos.slice(0, 1),
      categories: [],
      users: [],
      todos: [],
    });
    const user = await opened.store.createUser({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada-${Date.now()}@example.com`,
      passwordHash: 'x',
      extras: {},
      createdAt: AT,
      updatedAt: AT,
    });
    userId = user._id;
    playlistId = (await opened.store.createPlaylist(userId, 'Kept', AT))._id;
  });
  afterAll(() => opened.close());

  const gone = 'removed-meanwhile';
  const writes = {
    'a like': () => opened.store.addVideoTo(userId, 'likes', gone, AT),
    'a history entry': () => opened.store.addVideoTo(userId, 'history', gone, AT),
    'a watch-later entry': () => opened.store.addVideoTo(userId, 'watchlater', gone, AT),
    'a note': () => opened.store.addNote(userId, gone, 'a note', AT),
    'a position': () => opened.store.saveProgress(userId, gone, 30, AT),
    'a playlist entry': () => opened.store.addVideoToPlaylist(userId, playlistId, gone, AT),
    'an Undo into a playlist': () =>
      opened.store.addVideoToPlaylist(userId, playlistId, gone, AT, [seedVideos[0]!._id]),
  };

  it.each(Object.entries(writes))(
    'answers %s as a video that does not exist (404), not a failure',
    async (_name, write) => {
      const error = await write().then(
        () => undefined,
        (refused: unknown) => refused,
      );
      expect(error).toBeInstanceOf(StoreError);
      expect(apiErrorOf(error as StoreError).status).toBe(404);
      expect(apiErrorOf(error as StoreError).messages).toEqual([apiErrors.videoNotFound.message]);
    },
  );
});
