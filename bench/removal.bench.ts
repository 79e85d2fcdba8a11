import { sql } from 'kysely';
import type { Video } from '../src/contract/entities';
import { generateVideos } from '../src/api/seed/generated-videos';
import { openPostgresTestStore, openSqliteTestStore } from '../src/server/testing/open-test-store';
import { startPostgres } from './lib/postgres';
import { fmt, printGoal, printLine } from './lib/report';

const POSTGRES_PORTS = [4540, 4549] as const;
/** Catalogue size, users, and entries each user keeps in each of the three lists. */
const VIDEOS = Number(process.env.REMOVAL_VIDEOS ?? 20_000);
const USERS = Number(process.env.REMOVAL_USERS ?? 2_000);
const ENTRIES = Number(process.env.REMOVAL_ENTRIES ?? 100);
/** Videos the operator removes (`npm run catalogue -- remove …`), one transaction. */
const REMOVED = 1_000;
/** A removal may cost a few times more when users keep lists, not hundreds of times. */
const RATIO_GOAL = 3;

type Opened = Awaited<ReturnType<typeof openSqliteTestStore>>;

async function fillCatalogue(opened: Opened) {
  const videos: Video[] = [...generateVideos(VIDEOS)];
  for (let start = 0; start < videos.length; start += 5_000) {
    await opened.store.upsertVideos(videos.slice(start, start + 5_000));
  }
  return videos.map((video) => video._id);
}

/** USERS users, each with ENTRIES videos in likes, history and watch later (spread evenly). */
async function fillLists(opened: Opened, ids: string[]) {
  const { db } = opened.database;
  const at = '2026-01-01T00:00:00.000Z';
  for (let start = 0; start < USERS; start += 500) {
    const users = Array.from({ length: Math.min(500, USERS - start) }, (_, index) => ({
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
    for (let user = 0; user < USERS; user += 1) {
      for (let entry = 0; entry < ENTRIES; entry += 1) {
        const video = ids[(user * 7 + entry * 131) % ids.length]!;
        rows.push({ user_id: `bench-user-${user}`, video_id: video, added_at: at });
      }
      if (rows.length >= 5_000 || user === USERS - 1) {
        await db
          .insertInto(table)
          .values(rows)
          .onConflict((conflict) => conflict.doNothing())
          .execute();
        rows = [];
      }
    }
  }
  if (opened.database.dialect === 'postgres') await sql`analyze`.execute(db);
}

/** Milliseconds to remove REMOVED videos spread over the catalogue. */
async function timeRemoval(opened: Opened, ids: string[]) {
  const step = Math.floor(ids.length / REMOVED);
  const removed = Array.from({ length: REMOVED }, (_, index) => ids[index * step]!);
  const started = performance.now();
  const count = await opened.store.removeVideos(removed);
  const ms = performance.now() - started;
  if (count !== REMOVED) throw new Error(`removed ${count} videos, not ${REMOVED}`);
  return ms;
}

async function onStore(name: string, open: () => Promise<Opened>) {
  const bare = await open();
  let bareMs: number;
  try {
    bareMs = await timeRemoval(bare, await fillCatalogue(bare));
  } finally {
    await bare.close();
  }
  const busy = await open();
  try {
    const ids = await fillCatalogue(busy);
    await fillLists(busy, ids);
    const busyMs = await timeRemoval(busy, ids);
    printLine(
      `${name}: removing ${REMOVED} of ${VIDEOS} videos: ${fmt(bareMs, 0)} ms with no lists, ` +
        `${fmt(busyMs, 0)} ms with ${USERS} users × ${ENTRIES} entries in each of 3 lists`,
    );
    printGoal(`${name} removal with lists / without`, busyMs / bareMs, RATIO_GOAL, 'at-most', '×');
  } finally {
    await busy.close();
  }
}

/**
 * An operator's removal of 1,000 videos while users keep lists that name them: every list row of
 * a removed video goes with it (foreign-key cascade). The baseline is the same removal on the same
 * catalogue with no lists, in the same run, on SQLite and PostgreSQL.
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
