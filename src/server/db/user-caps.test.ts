import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiErrors } from '../../contract/errors';
import {
  MAX_NOTE_LENGTH,
  MAX_NOTES,
  MAX_NOTES_CHARACTERS,
  MAX_PLAYLISTS,
} from '../../contract/limits';
import { createHarness, seedVideo, type CallResult } from '../../api/testing/api-harness';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import { openDatabase, type OpenDatabase } from './open-database';
import { SqlStore } from './sql-store';

type Harness = Awaited<ReturnType<typeof createHarness>>;

const databases = [
  {
    name: 'PostgreSQL',
    open: async () => {
      const opened = await openPostgresTestStore(inject('postgresUrl'));
      return { opened, second: openDatabase({ dialect: 'postgres', url: opened.url }) };
    },
  },
  {
    name: 'SQLite',
    open: async () => {
      const opened = await openSqliteTestStore();
      const { path } = opened.database.driver as { path: string };
      return { opened, second: openDatabase({ dialect: 'sqlite', path }) };
    },
  },
];

/** `count` rows for the user: `with recursive` runs on both databases. */
const bulk = (count: number) =>
  sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})`;

/**
 * Issue 26 #10 and #14: two server processes on one database (here two stores, each with its own
 * connections, behind two APIs), one user writing to both at once. Each cap is counted and
 * written under the user's lock, so the two processes together keep exactly the cap.
 */
describe.each(databases)("a user's caps across two processes on one $name", ({ open }) => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  let second: OpenDatabase;
  let processes: [Harness, Harness];

  beforeAll(async () => {
    ({ opened, second } = await open());
    processes = [await createHarness(opened.store), await createHarness(new SqlStore(second))];
  });
  afterAll(async () => {
    await second?.close();
    await opened?.close();
  });

  /** `count` requests at once, every other one on the other process. */
  const inParallel = (count: number, send: (h: Harness, index: number) => Promise<CallResult>) =>
    Promise.all(Array.from({ length: count }, (_, index) => send(processes[index % 2]!, index)));
  const statuses = (results: CallResult[]) =>
    results.reduce<Record<number, number>>((counts, { status }) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {});
  const addNote = (h: Harness, token: string, content: string) =>
    h.call('POST', `/api/user/notes/${seedVideo(0)._id}`, { token, body: { note: { content } } });

  it(`keeps ${MAX_NOTES_CHARACTERS} characters of notes of 100 parallel ones of ${MAX_NOTE_LENGTH}`, async () => {
    const { token } = await processes[0].signUp();
    const results = await inParallel(100, (h, index) =>
      addNote(h, token, String(index % 10).repeat(MAX_NOTE_LENGTH)),
    );
    const kept = MAX_NOTES_CHARACTERS / MAX_NOTE_LENGTH;
    expect(statuses(results)).toEqual({ 201: kept, 422: 100 - kept });
    expect(results.find((result) => result.status === 422)?.body).toEqual({
      errors: [apiErrors.tooManyNotes.message],
    });
    const notes = (await processes[1].call('GET', '/api/user/notes', { token })).body.notes as {
      content: string;
    }[];
    expect(notes.reduce((sum, note) => sum + note.content.length, 0)).toBe(MAX_NOTES_CHARACTERS);
  }, 60_000);

  it(`keeps ${MAX_NOTES} notes, however short`, async () => {
    const { token, user } = await processes[0].signUp();
    await sql`${bulk(MAX_NOTES - 10)} insert into notes (id, user_id, video_id, content, created_at)
      select 'bulk-' || i, ${user._id}, ${seedVideo(0)._id}, '', '2026-11-28T12:00:00.000Z'
      from n`.execute(opened.database.db);
    const results = await inParallel(40, (h, index) => addNote(h, token, `n${index}`));
    expect(statuses(results)).toEqual({ 201: 10, 422: 30 });
    const notes = (await processes[1].call('GET', '/api/user/notes', { token })).body.notes;
    expect(notes).toHaveLength(MAX_NOTES);
  }, 60_000);

  it(`keeps ${MAX_PLAYLISTS} playlists; the next is a 422 naming the limit`, async () => {
    const { token, user } = await processes[0].signUp();
    await sql`${bulk(MAX_PLAYLISTS - 10)} insert into playlists (id, user_id, title, created_at)
      select 'bulk-' || i, ${user._id}, 'p' || i, '2026-11-28T12:00:00.000Z'
      from n`.execute(opened.database.db);
    const results = await inParallel(40, (h, index) =>
      h.call('POST', '/api/user/playlists', { token, body: { playlist: { title: `q${index}` } } }),
    );
    expect(statuses(results)).toEqual({ 201: 10, 422: 30 });
    expect(results.find((result) => result.status === 422)?.body).toEqual({
      errors: [apiErrors.tooManyPlaylists.message],
    });
    const playlists = (await processes[1].call('GET', '/api/user/playlists', { token })).body
      .playlists;
    expect(playlists).toHaveLength(MAX_PLAYLISTS);
  }, 60_000);
});
