import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Course } from '../../contract/courses';
import type { Video } from '../../contract/entities';
import { openDatabase } from '../db/open-database';
import { SqlStore } from '../db/sql-store';
import { runCatalogueCli } from '../testing/catalogue-cli';
import { createTempDir } from '../testing/test-databases';

const video = (n: number): Video => ({
  _id: `course-cli-${n}`,
  title: `Lesson video ${n}`,
  channelName: 'Teacher',
  views: n,
  uploadedOn: '2024-02-03',
  avatar: '',
  description: '',
  categoryName: 'JavaScript',
});
const lines = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');

const dir = createTempDir();
afterAll(dir.drop);
let fileCount = 0;
function fileWith(text: string): string {
  fileCount += 1;
  const path = join(dir.path, `courses-${fileCount}.jsonl`);
  writeFileSync(path, text);
  return path;
}
function freshEnv(): Record<string, string> {
  fileCount += 1;
  return { DATABASE_URL: join(dir.path, `courses-db-${fileCount}.sqlite`) };
}

/** The courses and videos as the database holds them, read in-process. */
async function stored(env: Record<string, string>): Promise<{ courses: Course[]; videos: number }> {
  const database = openDatabase({ dialect: 'sqlite', path: env.DATABASE_URL! });
  try {
    const store = new SqlStore(database);
    return { courses: await store.listCourses(), videos: await store.countVideos() };
  } finally {
    await database.close();
  }
}

const basics = {
  type: 'course',
  slug: 'js-basics',
  title: 'JavaScript basics',
  description: 'From zero.',
  lessons: ['course-cli-1', 'course-cli-2'],
};
const sectioned = {
  type: 'course',
  slug: 'js-deeper',
  title: 'Deeper',
  description: '',
  sections: [{ title: 'Part one', lessons: ['course-cli-3'] }, { lessons: ['course-cli-1'] }],
};

describe('catalogue CLI: courses', () => {
  it('imports courses beside videos (lessons later in the file too), idempotently', async () => {
    const env = freshEnv();
    const file = fileWith(lines([basics, video(1), video(2), video(3), sectioned]));
    const first = await runCatalogueCli(['import', file], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      [
        'videos: added 3, updated 0, unchanged 0, rejected 0',
        'categories: added 0, updated 0, unchanged 0, rejected 0',
        'courses: added 2, updated 0, unchanged 0, rejected 0',
        '',
      ].join('\n'),
    );
    expect((await stored(env)).courses).toEqual([
      {
        slug: 'js-basics',
        title: 'JavaScript basics',
        description: 'From zero.',
        sections: [{ lessons: ['course-cli-1', 'course-cli-2'] }],
      },
      {
        slug: 'js-deeper',
        title: 'Deeper',
        description: '',
        sections: [{ title: 'Part one', lessons: ['course-cli-3'] }, { lessons: ['course-cli-1'] }],
      },
    ]);

    const again = await runCatalogueCli(['import', file], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('courses: added 0, updated 0, unchanged 2, rejected 0');

    // A course alone, naming videos the catalogue already holds, and a change to one.
    const changed = fileWith(lines([{ ...basics, title: 'JS basics', lessons: ['course-cli-2'] }]));
    const update = await runCatalogueCli(['import', changed], env);
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('courses: added 0, updated 1, unchanged 0, rejected 0');
    expect((await stored(env)).courses[0]).toMatchObject({
      title: 'JS basics',
      sections: [{ lessons: ['course-cli-2'] }],
    });
  }, 60_000);

  it('refuses bad course records with line-numbered problems, exit 1, and imports nothing', async () => {
    const env = freshEnv();
    const file = fileWith(
      lines([
        video(1),
        { ...basics, lessons: ['course-cli-1', 'no-such-video', 'gone-too'] },
        { ...basics, slug: 'Bad_Slug' },
        { ...sectioned, sections: [{ lessons: ['course-cli-1'] }, { lessons: ['course-cli-1'] }] },
        { ...basics, title: 'Twice' },
        { type: 'course', slug: 'empty', title: 'Empty', lessons: [] },
        { type: 'course', slug: 'both', title: 'Both', lessons: ['course-cli-1'], sections: [] },
        { ...basics, slug: 'extra', level: 'easy' },
      ]),
    );
    const run = await runCatalogueCli(['import', file], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'line 3: slug must be lower-case letters and digits in words joined by single hyphens (e.g. js-basics)',
      'line 4: sections[1].lessons[0]: lesson "course-cli-1" appears twice in the course',
      'line 5: slug "js-basics" appears again (first on line 2)',
      'line 6: lessons must name at least one video',
      'line 7: a course has lessons or sections, not both',
      'line 8: unknown field "level"',
      'line 2: lessons "no-such-video", "gone-too" are no video of this file or of the catalogue',
      'videos: added 0, updated 0, unchanged 0, rejected 0',
      'categories: added 0, updated 0, unchanged 0, rejected 0',
      'courses: added 0, updated 0, unchanged 0, rejected 7',
      'nothing was imported: fix the records above and run the import again',
    ]);
    expect(await stored(env)).toEqual({ courses: [], videos: 0 });
  }, 60_000);

  it('exports courses after the videos, and removes a course with remove --course', async () => {
    const env = freshEnv();
    const file = fileWith(lines([video(1), video(2), video(3), basics, sectioned]));
    expect((await runCatalogueCli(['import', file], env)).code).toBe(0);
    const out = join(dir.path, 'export-courses.jsonl');
    const exported = await runCatalogueCli(['export', '--out', out], env);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toBe(`exported 0 categories, 3 videos and 2 courses to ${out}\n`);
    const records = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(records.slice(3)).toEqual([basics, sectioned]);

    // What export wrote imports back unchanged.
    const back = await runCatalogueCli(['import', out], env);
    expect(back.stdout).toContain('courses: added 0, updated 0, unchanged 2, rejected 0');

    const removed = await runCatalogueCli(
      ['remove', '--course', 'js-basics', '--course', 'nope'],
      env,
    );
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('removed 1 course\n');
    expect(removed.stderr).toBe('no such course: nope\n');
    expect((await stored(env)).courses.map((course) => course.slug)).toEqual(['js-deeper']);
    expect((await stored(env)).videos).toBe(3);

    const misuse = await runCatalogueCli(['export', '--course', 'js-deeper'], env);
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain('catalogue: --course is an option of remove');
    const both = await runCatalogueCli(['remove', 'course-cli-1', '--course', 'js-deeper'], env);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('catalogue: remove takes video ids or --course, not both');
  }, 60_000);
});
