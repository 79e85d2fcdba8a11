import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createHarness, seedVideo } from '../../api/testing/api-harness';
import { openPostgresTestStore, openSqliteTestStore } from '../testing/open-test-store';
import type { OpenOptions } from './open-database';

const stores = [
  { name: 'SQLite', open: (options: OpenOptions) => openSqliteTestStore(undefined, options) },
  {
    name: 'PostgreSQL',
    open: (options: OpenOptions) =>
      openPostgresTestStore(inject('postgresUrl'), undefined, options),
  },
];

describe.each(stores)('queries a request costs on $name', ({ open }) => {
  let opened: Awaited<ReturnType<typeof openSqliteTestStore>>;
  // Every statement the database receives, whether Kysely or a prepared read sends it.
  const statements: string[] = [];
  let h: Awaited<ReturnType<typeof createHarness>>;

  beforeAll(async () => {
    opened = await open({ onStatement: (sql) => statements.push(sql) });
    h = await createHarness(opened.store);
  });
  afterAll(() => opened.close());

  async function statementsOf(request: () => Promise<{ status: number }>, status: number) {
    statements.length = 0;
    expect((await request()).status).toBe(status);
    return [...statements];
  }

  it('a signed-in read is one query to check the session, then its own', async () => {
    const { token } = await h.signUp();
    const read = () => h.call('GET', '/api/user/likes', { token });
    const sent = await statementsOf(read, 200);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/revoked_tokens/);
    expect(sent[1]).toMatch(/"likes"/);
  });

  it('a logged-out token is refused after that one query', async () => {
    const { token } = await h.signUp();
    expect((await h.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    const read = () => h.call('GET', '/api/user/likes', { token });
    const sent = await statementsOf(read, 401);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/revoked_tokens/);
  });

  it('a signed-in write is the session check, then its own statements', async () => {
    const { token } = await h.signUp();
    const like = () => h.call('POST', '/api/user/likes', { token, body: { video: seedVideo(0) } });
    const sent = await statementsOf(like, 201);
    // The session, the catalogue's copy of the video, the insert, the list it answers with.
    expect(sent).toHaveLength(4);
    expect(sent[0]).toMatch(/revoked_tokens/);
  });

  it("a course's read fetches its lessons' videos in one query, however many lessons", async () => {
    const lessons = [0, 1, 2, 3, 4, 5].map((index) => seedVideo(index)._id);
    await opened.store.upsertCourses([
      { slug: 'budget-course', title: 'Budget', description: '', sections: [{ lessons }] },
    ]);
    const read = () => h.call('GET', '/api/courses/budget-course');
    const sent = await statementsOf(read, 200);
    // Not one query per lesson (or per few lessons): one for all of them.
    expect(sent.filter((statement) => /from "videos"/.test(statement))).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(4);
  });

  it("a user's course progress reads the courses once per catalogue version", async () => {
    await opened.store.upsertCourses([
      {
        slug: 'budget-progress',
        title: 'Progress',
        description: '',
        sections: [{ lessons: [seedVideo(0)._id, seedVideo(1)._id] }],
      },
    ]);
    const { token } = await h.signUp();
    const read = () => h.call('GET', '/api/user/courses', { token });
    await statementsOf(read, 200);
    const again = await statementsOf(read, 200);
    expect(again.filter((statement) => /from "courses"/.test(statement))).toEqual([]);
  });

  it("a repeated results-page search reads its page's transcript moments once per catalogue version", async () => {
    const said = [0, 1, 2].map((index) => ({
      ...seedVideo(index),
      _id: `budget-said-${index}`,
      title: `Budget talk ${index}`,
    }));
    await opened.store.upsertVideos(said);
    for (const video of said) {
      await opened.store.putTranscript({
        videoId: video._id,
        cues: [{ start: 1, end: 2, text: 'a quibbly phrase said here' }],
      });
    }
    const search = async () => {
      statements.length = 0;
      const page = await opened.store.searchVideos('quibbly phrase', { offset: 0, limit: 24 });
      expect(page.moments).toHaveLength(3);
      return [...statements];
    };
    expect((await search()).filter((statement) => /transcripts/.test(statement))).not.toEqual([]);
    // Each transcript is ~65 KB an hour: the page's moments are kept with its ranked list.
    expect((await search()).filter((statement) => /transcripts/.test(statement))).toEqual([]);
  });
});
