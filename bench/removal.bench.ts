import { sql } from 'kysely';
import type { Video } from '../src/contract/entities';
import { generateVideos } from '../src/api/seed/generated-videos';
import { openPostgresTestStore, openSqliteTestStore } from '../src/server/testing/open-test-store';
import { startPostgres } from './lib/postgres';
import { fmt, printGoal, printLine } from './lib/report';

const POSTGRES_PORTS = [4540, 4549] as const;
/** Catalogue size; users, and entries of other videos each keeps in each of the three lists. */
const VIDEOS = Number(process.env.REMOVAL_VIDEOS ?? 20_000);
const USERS = Number(process.env.REMOVAL_USERS ?? 2_000);
const ENTRIES = Number(process.env.REMOVAL_ENTRIES ?? 100);
/** Videos the operator removes (`npm run catalogue -- remove …`), one transaction. */
const REMOVED = 1_000;
/** A removal reads the list rows of what it removes, not the lists: about the same time. */
const RATIO_GOAL = 2;

type Opened = Awaited<ReturnType<typeof openSqliteTestStore>>;

async function fillCatalogue(opened: Opened) {
  const videos: Video[] = [...generateVideos(VIDEOS)];
  for (let start = 0; start < videos.length; start += 5_000) {
    await opened.store.upsertVideos(videos.slice(start, start + 5_000));
  }
  return videos.map((video) => video._id);
}

/** Users whose lists hold every removed video: the cascade's own work, the same in both runs. */
const HOLDERS = 10;

/** Every `step`-th video: the ones the operator removes. */
function removedOf(ids: string[]) {
  const step = Math.floor(ids.length / REMOVED);
  return Array.from({ length: REMOVED }, (_, index) => ids[index * step]!);
}

/**
 * HOLDERS users with every removed video in likes, history and watch later; with `others`, also
 * USERS users with ENTRIES of the other videos in each list (rows the removal must not read).
 */
async function fillLists(opened: Opened, ids: string[], others: boolean) {
  const { db } = opened.database;
  const at = '2026-01-01T00:00:00.000Z';
  const removed = removedOf(ids);
  const kept = ids.filter((id) => !removed.includes(id));
  const userCount = HOLDERS + (others ? USERS : 0);
  for (let start = 0; start < userCount; start += 500) {
    const users = Array.from({ length: Math.min(500, userCount - start) }, (_, index) => ({
      id: `bench-user-${start + index}`,
      email: `bench-${start + index}@example.com`,
      first_name: 'Bench',
      last_name: 'User',
      password_hash: 'not-a-hash',
      extras: '{}',
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto('users').values(users).execute();
  }
  for (const table of ['likes', 'history', 'watch_later'] as const) {
    let rows: { user_id: string; video_id: string; added_at: string }[] = [];
    const flush = async () => {
      await db.insertInto(table).values(rows).execute();
      rows = [];
    };
    for (let user = 0; user < HOLDERS; user += 1) {
      for (const video of removed) {
        rows.push({ user_id: `bench-user-${user}`, video_id: video, added_at: at });
        if (rows.length === 5_000) await flush();
      }
    }
    for (let user = HOLDERS; user < userCount; user += 1) {
      for (let entry = 0; entry < ENTRIES; entry += 1) {
        const video = kept[(user * 7 + entry * 131) % kept.length]!;
        rows.push({ user_id: `bench-user-${user}`, video_id: video, added_at: at });
      }
      if (rows.length >= 5_000) await flush();
    }
    if (rows.length > 0) await flush();
  }
  if (opened.database.dialect === 'postgres') await sql`analyze`.execute(db);
}

/** Milliseconds to remove the REMOVED videos, one transaction. */
async function timeRemoval(opened: Opened, ids: string[]) {
  const started = performance.now();
  const count = await opened.store.removeVideos(removedOf(ids));
  const ms = performance.now() - started;
  if (count !== REMOVED) throw new Error(`removed ${count} videos, not ${REMOVED}`);
  return ms;
}

async function timeOn(open: () => Promise<Opened>, others: boolean) {
  const opened = await open();
  try {
    const ids = await fillCatalogue(opened);
    await fillLists(opened, ids, others);
    return await timeRemoval(opened, ids);
  } finally {
    await opened.close();
  }
}

async function onStore(name: string, open: () => Promise<Opened>) {
  const bareMs = await timeOn(open, false);
  const busyMs = await timeOn(open, true);
  const otherRows = 3 * USERS * ENTRIES;
  printLine(
    `${name}: removing ${REMOVED} of ${VIDEOS} videos and their ${3 * HOLDERS * REMOVED} list ` +
      `entries: ${fmt(bareMs, 0)} ms; with ${otherRows.toLocaleString('en')} more entries of ` +
      `other videos in ${USERS} users' lists: ${fmt(busyMs, 0)} ms`,
  );
  printGoal(
    `${name} removal among many lists / among none`,
    busyMs / bareMs,
    RATIO_GOAL,
    'at-most',
    '×',
  );
}

/**
 * An operator's removal of 1,000 videos, each in the lists of a few users (foreign-key cascade),
 * while 2,000 other users keep 600,000 entries of other videos. The baseline, in the same run: the
 * same removal, same cascade, without the other users' entries. Without an index on video_id
 * (migration 0012) every removed video read every list: 110 s against 0.3 s on SQLite.
 */
export async function run(): Promise<void> {
  await onStore('sqlite', () => openSqliteTestStore());
  const postgres = await startPostgres(POSTGRES_PORTS);
  try {
    const server = postgres.url.replace(/\/[^/]*$/, '/postgres');
    await onStore('postgres', () => openPostgresTestStore(server));
  } finally {
    await postgres.stop();
  }
}
