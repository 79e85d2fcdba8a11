import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import type { OpenedStore } from '../../api/testing/api-suite';
import { openPostgresTestStore } from '../testing/open-test-store';
import { INSERT_BATCH } from './catalogue-sql';

/** More than one delete batch: the removal's first batch is done while the last waits. */
const COUNT = INSERT_BATCH + 500;
const id = (index: number) => `removal-${String(index).padStart(5, '0')}`;
const video = (index: number): Video => ({
  _id: id(index),
  title: `Removal ${index}`,
  channelName: 'Locks',
  views: index,
  uploadedOn: '2025-01-01',
  avatar: 'https://example.com/a.png',
  description: '',
  categoryName: 'Locks',
});
const ids = Array.from({ length: COUNT }, (_, index) => id(index));
const first = id(0);
const secondBatch = id(INSERT_BATCH);
const last = id(COUNT - 1);
const AT = '2025-06-01T10:00:00.000Z';

async function newUser(store: OpenedStore['store'], name: string): Promise<string> {
  const user = await store.createUser({
    firstName: name,
    lastName: 'Locks',
    email: `${name}@locks.example`,
    passwordHash: 'not-a-real-hash',
    extras: {},
    createdAt: AT,
    updatedAt: AT,
  });
  return user._id;
}

/**
 * A removal of more than one batch of videos racing a user's write to a list of the same user
 * (decision 0021's triggers update the user's row for every list row a removal cascades to). A
 * third session holds one lock so that the race happens in the order that deadlocked: the
 * removal waits on it at the last video, the user's write starts meanwhile, then it lets go.
 */
describe('removing videos on PostgreSQL while a user writes to a list', () => {
  let opened: OpenedStore;
  let url: string;
  let blocker: pg.Client;
  let watcher: pg.Client;
  let blockerPid: number;

  beforeEach(async () => {
    const store = await openPostgresTestStore(inject('postgresUrl'));
    opened = store;
    url = store.url;
    await opened.store.upsertVideos(ids.map((_, index) => video(index)));
    blocker = new pg.Client({ connectionString: url });
    watcher = new pg.Client({ connectionString: url });
    await Promise.all([blocker.connect(), watcher.connect()]);
    const { rows } = await blocker.query<{ pid: number }>('select pg_backend_pid() as pid');
    blockerPid = rows[0]!.pid;
  });
  afterEach(async () => {
    await blocker.query('rollback').catch(() => {});
    await Promise.all([blocker.end(), watcher.end()]);
    await opened.close();
  });

  /** Sessions of this database waiting for a lock, other than the blocker. */
  async function waiting(): Promise<number> {
    const { rows } = await watcher.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
      [blockerPid],
    );
    return Number(rows[0]?.n);
  }

  async function until(done: () => Promise<boolean>) {
    for (let tries = 0; tries < 500; tries += 1) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the sessions never reached the expected state');
  }

  /** Starts the removal, lets `write` start once the removal waits, then lets both go. */
  async function race(write: () => Promise<unknown>) {
    const removal = opened.store.removeVideos(ids);
    await until(async () => (await waiting()) >= 1);
    let settled = false;
    const written = write().finally(() => {
      settled = true;
    });
    // The write either finishes (it needed nothing the removal held) or waits for the removal.
    await until(async () => settled || (await waiting()) >= 2);
    await blocker.query('commit');
    return Promise.allSettled([removal, written]);
  }

  const codeOf = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : undefined;

  it("a like of a removed video is not a deadlock: the removal waits for the like's lock", async () => {
    const user = await newUser(opened.store, 'liker');
    // The first batch's cascade updates this user's row.
    await opened.store.addVideoTo(user, 'likes', first, AT);
    await blocker.query('begin');
    await blocker.query('select 1 from videos where id = $1 for key share', [last]);

    const [removal, like] = await race(() => opened.store.addVideoTo(user, 'likes', last, AT));

    expect(codeOf(removal)).toBeUndefined();
    expect(removal).toEqual({ status: 'fulfilled', value: COUNT });
    // The like either went in first (and left with its video) or found the video gone.
    expect(codeOf(like)).not.toBe('40P01');
    expect(await opened.store.listVideosIn(user, 'likes')).toEqual([]);
    expect(await opened.store.countVideos()).toBe(0);
  });

  it('a user removing a list entry is not a deadlock: the removal locks the entries first', async () => {
    const user = await newUser(opened.store, 'remover');
    const other = await newUser(opened.store, 'other');
    await opened.store.addVideoTo(user, 'likes', first, AT);
    await opened.store.addVideoTo(user, 'likes', last, AT);
    // Holds the other user's entry for the second batch's first video: the removal's cascade
    // waits there, before it reaches the user's entry for the last video.
    await opened.store.addVideoTo(other, 'likes', secondBatch, AT);
    await blocker.query('begin');
    await blocker.query(
      'select 1 from likes where user_id = $1 and video_id = $2 for no key update',
      [other, secondBatch],
    );

    const [removal, unlike] = await race(() => opened.store.removeVideoFrom(user, 'likes', last));

    expect(removal).toEqual({ status: 'fulfilled', value: COUNT });
    expect(unlike).toEqual({ status: 'fulfilled', value: undefined });
    expect(await opened.store.listVideosIn(user, 'likes')).toEqual([]);
    expect(await opened.store.listVideosIn(other, 'likes')).toEqual([]);
  });
});
