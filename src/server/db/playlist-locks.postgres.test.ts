import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import type { OpenedStore } from '../../api/testing/api-suite';
import { openPostgresTestStore } from '../testing/open-test-store';

const AT = '2026-11-26T07:00:00.000Z';
const video = (index: number): Video => ({
  _id: `pl-${index}`,
  title: `Playlist video ${index}`,
  channelName: 'Locks',
  views: index,
  uploadedOn: '2025-01-01',
  avatar: 'https://example.com/a.png',
  description: '',
  categoryName: 'Locks',
});

/**
 * An Undo into a playlist (`before`) writes the playlist's later rows again. Another session plays
 * that Undo by hand, holding its transaction open between reading the rows and writing them again,
 * while the store adds or removes a video of the same playlist: the add or removal must wait for
 * the Undo, or the Undo's rewrite loses the add or brings the removed video back.
 */
describe('changing a playlist on PostgreSQL while an Undo rewrites it', () => {
  let opened: OpenedStore;
  let url: string;
  let undo: pg.Client;
  let watcher: pg.Client;
  let undoPid: number;
  let userId: string;
  let playlistId: string;

  beforeEach(async () => {
    const store = await openPostgresTestStore(inject('postgresUrl'));
    opened = store;
    url = store.url;
    await opened.store.upsertVideos([0, 1, 2, 3, 4].map(video));
    const user = await opened.store.createUser({
      firstName: 'Grace',
      lastName: 'Locks',
      email: 'grace@locks.example',
      passwordHash: 'not-a-real-hash',
      extras: {},
      createdAt: AT,
      updatedAt: AT,
    });
    userId = user._id;
    playlistId = (await opened.store.createPlaylist(userId, 'Raced', AT))._id;
    for (const index of [0, 1, 2]) {
      await opened.store.addVideoToPlaylist(userId, playlistId, `pl-${index}`, AT);
    }
    undo = new pg.Client({ connectionString: url });
    watcher = new pg.Client({ connectionString: url });
    await Promise.all([undo.connect(), watcher.connect()]);
    undoPid = (await undo.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  });
  afterEach(async () => {
    await undo.query('rollback').catch(() => {});
    await Promise.all([undo.end(), watcher.end()]);
    await opened.close();
  });

  const videosIn = async () =>
    ((await opened.store.getPlaylist(userId, playlistId))?.videos ?? []).map((item) => item._id);

  /** Whether a session of this database other than the Undo waits for a lock. */
  async function someoneWaits(): Promise<boolean> {
    const { rows } = await watcher.query<{ n: string }>(
      `select count(*) as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
      [undoPid],
    );
    return Number(rows[0]?.n) > 0;
  }

  /**
   * The Undo of pl-1's removal, put back in front of pl-2: it locks the playlist as the store
   * does and reads its rows; `change` starts; once it has finished or waits, the Undo writes the
   * rows from pl-2 on again, behind pl-1, and commits.
   */
  async function undoRacing(change: () => Promise<unknown>) {
    await undo.query('begin');
    await undo.query('update playlists set title = title where id = $1', [playlistId]);
    const { rows } = await undo.query<{ seq: number; video_id: string; added_at: string }>(
      'select seq, video_id, added_at from playlist_videos where playlist_id = $1 order by seq',
      [playlistId],
    );
    const from = rows.findIndex((row) => row.video_id === 'pl-2');
    let settled = false;
    const changed = change().finally(() => {
      settled = true;
    });
    for (let tries = 0; !settled && !(await someoneWaits()); tries += 1) {
      if (tries > 500) throw new Error('the change neither finished nor waited');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await undo.query('delete from playlist_videos where playlist_id = $1 and seq >= $2', [
      playlistId,
      rows[from]!.seq,
    ]);
    for (const row of [{ video_id: 'pl-1', added_at: AT }, ...rows.slice(from)]) {
      await undo.query(
        'insert into playlist_videos (playlist_id, video_id, added_at) values ($1, $2, $3)',
        [playlistId, row.video_id, row.added_at],
      );
    }
    await undo.query('commit');
    await changed;
  }

  it('keeps a video added meanwhile', async () => {
    await opened.store.removeVideoFromPlaylist(userId, playlistId, 'pl-1');
    await undoRacing(() => opened.store.addVideoToPlaylist(userId, playlistId, 'pl-4', AT));
    expect(await videosIn()).toEqual(['pl-0', 'pl-1', 'pl-2', 'pl-4']);
  });

  it('does not bring back a video removed meanwhile', async () => {
    await opened.store.removeVideoFromPlaylist(userId, playlistId, 'pl-1');
    await undoRacing(() => opened.store.removeVideoFromPlaylist(userId, playlistId, 'pl-2'));
    expect(await videosIn()).toEqual(['pl-0', 'pl-1']);
  });
});
