import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Video } from '../../contract/entities';
import { openDatabase } from '../db/open-database';
import { SqlStore } from '../db/sql-store';
import { runCatalogueCli } from '../testing/catalogue-cli';
import {
  createPostgresDatabase,
  createTempDir,
  type TestDatabase,
} from '../testing/test-databases';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name);
const dir = createTempDir();
afterAll(dir.drop);
let fileCount = 0;
function fileWith(text: string): string {
  fileCount += 1;
  const path = join(dir.path, `foreign-${fileCount}.json`);
  writeFileSync(path, text);
  return path;
}

const USAGE_START = 'Usage: npm run catalogue -- <command>';

describe('catalogue CLI import --from: usage', () => {
  const untouched = { DATABASE_URL: join(dir.path, 'untouched.sqlite') };
  it.each([
    [['import', '--from', 'csv', 'x.json'], '--from takes yt-dlp or youtube-api, not "csv"'],
    [
      ['import', '--category', 'CSS', 'x.json'],
      '--category, --source and --prune go with --from (a native file names its own)',
    ],
    [
      ['import', '--prune', 'x.json'],
      '--category, --source and --prune go with --from (a native file names its own)',
    ],
    [
      ['import', '--from', 'yt-dlp', 'a.json', 'b.json'],
      'import --from takes one file (or - for standard input)',
    ],
    [
      ['import', '--from', 'yt-dlp', '--category', ' ', 'a.json'],
      '--category takes a name (not blank, no white space around it)',
    ],
    [
      ['import', '--from', 'yt-dlp', '--source', 'x'.repeat(129), 'a.json'],
      '--source must be at most 128 characters',
    ],
    [
      ['import', '--from', 'youtube-api', '--prune', 'a.json'],
      '--prune needs --source <name> with --from youtube-api: videos.list responses name no playlist',
    ],
    [['export', '--from', 'yt-dlp'], '--from is an option of import'],
    [
      ['import', '--from', 'yt-dlp', '--yes', 'a.json'],
      '--yes goes with --prune (it confirms the removal)',
    ],
    [['import', '--dry-run', 'a.json'], '--dry-run goes with --from'],
    [
      ['import', '--from', 'yt-dlp', '--as-course', 'JS Basics', 'a.json'],
      '--as-course "JS Basics": slug must be lower-case letters and digits in words joined by single hyphens (e.g. js-basics)',
    ],
    [
      ['import', '--from', 'yt-dlp', '--as-course', 'a'.repeat(101), 'a.json'],
      `--as-course "${'a'.repeat(101)}": slug must be at most 100 characters`,
    ],
    [
      ['import', '--as-course', 'js-basics', 'a.json'],
      '--as-course goes with --from yt-dlp (a native file holds its own course records)',
    ],
    [
      ['import', '--from', 'youtube-api', '--as-course', 'js-basics', 'a.json'],
      '--as-course takes a yt-dlp playlist (--from yt-dlp): videos.list responses hold no playlist',
    ],
  ])(
    '%j: exit 2, before the database is opened',
    async (args, message) => {
      const run = await runCatalogueCli(args, untouched);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(
        new RegExp(
          `^catalogue: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\n\n${USAGE_START}`,
        ),
      );
      expect(existsSync(untouched.DATABASE_URL)).toBe(false);
    },
    60_000,
  );

  it('lists the formats and their options in its help', async () => {
    const run = await runCatalogueCli(['--help'], untouched);
    expect(run.code).toBe(0);
    for (const text of [
      '--from <format>',
      'yt-dlp',
      'youtube-api',
      '--category <name>',
      '--source <name>',
      '--prune',
    ]) {
      expect(run.stdout).toContain(text);
    }
  }, 60_000);
});

describe.each(['sqlite', 'postgres'] as const)('catalogue CLI import --from on %s', (dialect) => {
  const databases: TestDatabase[] = [];
  let env: Record<string, string>;
  beforeAll(async () => {
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase(inject('postgresUrl'));
      databases.push(database);
      env = { DATABASE_URL: database.url };
    } else {
      env = { DATABASE_URL: join(dir.path, `foreign-${dialect}.sqlite`) };
    }
  });
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  /** Reads the catalogue in-process, with the ids of a source. */
  async function inDatabase(source?: string): Promise<{ videos: Video[]; ofSource: string[] }> {
    const url = env.DATABASE_URL!;
    const database = openDatabase(
      dialect === 'postgres' ? { dialect, url } : { dialect: 'sqlite', path: url },
    );
    try {
      const store = new SqlStore(database);
      const { videos } = await store.readCatalogue(undefined, 1000);
      const ofSource = source ? (await store.videoIdsOfSource(source)).sort() : [];
      return { videos, ofSource };
    } finally {
      await database.close();
    }
  }

  const PLAYLIST = 'yt-dlp:PLxGridGarden0cssLayout01';

  it('imports a yt-dlp playlist, keeps durations, and prunes what left it', async () => {
    const noCategory = await runCatalogueCli(
      ['import', '--from', 'yt-dlp', fixture('yt-dlp-playlist.flat.json')],
      env,
    );
    expect(noCategory.code).toBe(1);
    expect(noCategory.stderr).toBe(
      [
        'entries[0]: no category: the file gives none here; name one for the whole import with --category <name>',
        'entries[1]: no category: the file gives none here; name one for the whole import with --category <name>',
        'entries[3]: no category: the file gives none here; name one for the whole import with --category <name>',
        'videos: added 0, updated 0, unchanged 0, rejected 3',
        'nothing was imported: fix the records above and run the import again',
        '',
      ].join('\n'),
    );

    const run = await runCatalogueCli(
      ['import', '--from', 'yt-dlp', '--category', 'CSS', fixture('yt-dlp-playlist.flat.json')],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `videos: added 3, updated 0, unchanged 0, rejected 0\nsource: ${PLAYLIST}\n`,
    );
    expect(run.stderr).toBe('left out 1 private or deleted video\n');
    const { videos, ofSource } = await inDatabase(PLAYLIST);
    expect(videos.map((video) => [video._id, video.duration])).toEqual([
      ['Qm3kT9xW2aE', 725],
      ['b7Lp0vNcX4s', 1436],
      ['H4vRt6yUi8o', 3723],
    ]);
    expect(ofSource).toEqual(['H4vRt6yUi8o', 'Qm3kT9xW2aE', 'b7Lp0vNcX4s']);

    // The export carries the durations, and import reads them back.
    const exported = await runCatalogueCli(['export'], env);
    expect(exported.stdout.split('\n')[0]).toContain('"categoryName":"CSS","duration":725}');

    // The playlist lost a video: --prune removes it (lines, from standard input).
    const lines = readFileSync(fixture('yt-dlp-playlist.flat.jsonl'), 'utf8').split('\n');
    lines.splice(1, 1);
    const pruned = await runCatalogueCli(
      ['import', '--from', 'yt-dlp', '--category', 'CSS', '--prune', '--yes', '-'],
      env,
      lines.join('\n'),
    );
    expect(pruned.code).toBe(0);
    expect(pruned.stdout).toBe(
      `videos: added 0, updated 0, unchanged 2, rejected 0\n` +
        // A flat playlist gives no dates and no descriptions: the catalogue's stay.
        'left as they were (the file does not give them): uploadedOn of 2 videos, description of 2 videos\n' +
        `source: ${PLAYLIST}\n` +
        'prune b7Lp0vNcX4s "Flexbox vs Grid: when to use which" (not in the file): nothing users made\n' +
        'pruned: removed 1 video the file no longer holds\n',
    );
    expect((await inDatabase(PLAYLIST)).ofSource).toEqual(['H4vRt6yUi8o', 'Qm3kT9xW2aE']);
  }, 120_000);

  it('imports videos.list pages under a --source, and refuses --prune where yt-dlp names no playlist', async () => {
    const run = await runCatalogueCli(
      [
        'import',
        '--from',
        'youtube-api',
        '--source',
        'css-course',
        '--prune',
        fixture('youtube-api-pages.jsonl'),
      ],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'videos: added 1, updated 2, unchanged 0, rejected 0\nsource: css-course\npruned: removed 0 videos the file no longer holds\n',
    );
    // Taken over from the playlist by the later import.
    expect((await inDatabase(PLAYLIST)).ofSource).toEqual([]);
    expect((await inDatabase('css-course')).ofSource).toEqual([
      'H4vRt6yUi8o',
      'Qm3kT9xW2aE',
      'Rt5yU7iO9pA',
    ]);

    const single = await runCatalogueCli(
      ['import', '--from', 'yt-dlp', '--prune', fixture('yt-dlp-video.json')],
      env,
    );
    expect(single.code).toBe(2);
    expect(single.stderr).toBe(
      '--prune needs the source whose videos it weighs, and the file names no playlist (a single video, or -j lines without playlist_id): name one with --source <name>\n',
    );

    const broken = fileWith('{\n  "kind": "youtube#videoListResponse",\n  "items": [\n');
    const refused = await runCatalogueCli(['import', '--from', 'youtube-api', broken], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      new RegExp(
        `^${broken}: not valid JSON \\(.+\\)\nnothing was imported: ${broken} was refused as a whole`,
      ),
    );
  }, 120_000);

  it('keeps views and durations that a part=snippet,player answer does not give, and says so (issue 42)', async () => {
    const full = await runCatalogueCli(
      ['import', '--from', 'youtube-api', fixture('youtube-api-videos.json')],
      env,
    );
    expect(full.code).toBe(0);
    const ids = ['Qm3kT9xW2aE', 'H4vRt6yUi8o'];
    const stored = async () =>
      (await inDatabase()).videos
        .filter((video) => ids.includes(video._id))
        .map((video) => [video._id, video.views, video.duration]);
    expect(await stored()).toEqual([
      ['Qm3kT9xW2aE', 48211, 725],
      ['H4vRt6yUi8o', 9034, 3723],
    ]);
    const run = await runCatalogueCli(
      ['import', '--from', 'youtube-api', fixture('youtube-api-snippet-player.json')],
      env,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      'videos: added 0, updated 0, unchanged 2, rejected 0\nleft as they were (the file does not give them): views of 2 videos, duration of 2 videos\n',
    );
    expect(await stored()).toEqual([
      ['Qm3kT9xW2aE', 48211, 725],
      ['H4vRt6yUi8o', 9034, 3723],
    ]);
  }, 120_000);

  it('--prune lists what users made of each video it would remove, and removes only with --yes (issue 42)', async () => {
    const source = 'prune-plan';
    const playlist = JSON.parse(readFileSync(fixture('yt-dlp-playlist.flat.json'), 'utf8'));
    const base = ['import', '--from', 'yt-dlp', '--category', 'CSS', '--source', source];
    expect((await runCatalogueCli([...base, fileWith(JSON.stringify(playlist))], env)).code).toBe(
      0,
    );
    // Pupils' notes, a like and a saved position on two of its videos.
    const url = env.DATABASE_URL!;
    const database = openDatabase(
      dialect === 'postgres' ? { dialect, url } : { dialect: 'sqlite', path: url },
    );
    try {
      const store = new SqlStore(database);
      const at = '2026-12-01T10:00:00.000Z';
      for (const email of ['pupil-1@school.example', 'pupil-2@school.example']) {
        const user = await store.createUser({
          firstName: 'P',
          lastName: 'Q',
          email,
          passwordHash: 'x',
          extras: {},
          createdAt: at,
          updatedAt: at,
        });
        await store.addNote(user._id, 'b7Lp0vNcX4s', 'flex is one axis', at, 12);
        await store.addVideoTo(user._id, 'likes', 'b7Lp0vNcX4s', at);
        await store.saveProgress(user._id, 'H4vRt6yUi8o', 40, at);
      }
    } finally {
      await database.close();
    }
    // At the source the second video turned private and the fourth left the playlist.
    playlist.entries[1] = { ...playlist.entries[1], title: '[Private video]' };
    playlist.entries.splice(3, 1);
    const changed = fileWith(JSON.stringify(playlist));
    const plan = [
      'prune H4vRt6yUi8o "Subgrid, finally: a café menu layout" (not in the file): 2 saved positions',
      'prune b7Lp0vNcX4s "Flexbox vs Grid: when to use which" (private or deleted at the source): 2 notes, 2 likes',
    ];
    const ids = async () => (await inDatabase(source)).ofSource;

    const asked = await runCatalogueCli([...base, '--prune', changed], env);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toContain(
      [
        ...plan,
        'pruned: nothing removed: 2 videos the file no longer holds would go, with 2 notes, 2 likes, 2 saved positions; run again with --yes to remove them',
        '',
      ].join('\n'),
    );
    expect(await ids()).toEqual(['H4vRt6yUi8o', 'Qm3kT9xW2aE', 'b7Lp0vNcX4s']);

    const dry = await runCatalogueCli([...base, '--prune', '--yes', '--dry-run', changed], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^dry run: nothing was written/);
    expect(dry.stdout).toContain(
      [
        ...plan,
        'pruned (dry run): nothing removed: 2 videos the file no longer holds, with 2 notes, 2 likes, 2 saved positions',
      ].join('\n'),
    );
    expect(await ids()).toEqual(['H4vRt6yUi8o', 'Qm3kT9xW2aE', 'b7Lp0vNcX4s']);

    const confirmed = await runCatalogueCli([...base, '--prune', '--yes', changed], env);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stdout).toContain(
      [
        ...plan,
        'pruned: removed 2 videos the file no longer holds, with 2 notes, 2 likes, 2 saved positions',
      ].join('\n'),
    );
    expect(await ids()).toEqual(['Qm3kT9xW2aE']);
  }, 180_000);

  it('makes a yt-dlp playlist a course in one step (--as-course): playlist order, title and description, idempotent', async () => {
    const args = [
      'import',
      '--from',
      'yt-dlp',
      '--category',
      'CSS',
      '--as-course',
      'css-layout',
      fixture('yt-dlp-playlist.flat.json'),
    ];
    const run = await runCatalogueCli(args, env);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /^videos: added \d, updated \d, unchanged \d, rejected 0\n(left as they were \(the file does not give them\): .+\n)?source: yt-dlp:PLxGridGarden0cssLayout01\ncourses: added 1, updated 0, unchanged 0, rejected 0\n$/,
    );
    const course = async () => {
      const url = env.DATABASE_URL!;
      const database = openDatabase(
        dialect === 'postgres' ? { dialect, url } : { dialect: 'sqlite', path: url },
      );
      try {
        return await new SqlStore(database).getCourse('css-layout');
      } finally {
        await database.close();
      }
    };
    expect(await course()).toEqual({
      slug: 'css-layout',
      title: 'CSS layout, start to finish',
      description: 'Everything about layout on the web, in order.',
      // The private entry (the third) is left out; the others in the playlist's order.
      sections: [{ lessons: ['Qm3kT9xW2aE', 'b7Lp0vNcX4s', 'H4vRt6yUi8o'] }],
    });

    const again = await runCatalogueCli(args, env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(
      'videos: added 0, updated 0, unchanged 3, rejected 0\nleft as they were (the file does not give them): uploadedOn of 3 videos, description of 3 videos\nsource: yt-dlp:PLxGridGarden0cssLayout01\ncourses: added 0, updated 0, unchanged 1, rejected 0\n',
    );

    // A single video is no playlist: nothing is imported.
    const single = await runCatalogueCli(
      ['import', '--from', 'yt-dlp', '--as-course', 'one-video', fixture('yt-dlp-video.json')],
      env,
    );
    expect(single.code).toBe(2);
    expect(single.stderr).toBe(
      '--as-course needs one playlist (`yt-dlp -J --flat-playlist <playlist URL>`), and the file names no playlist (a single video, or -j lines without playlist_id)\n',
    );
    expect(await course()).toBeDefined();
  }, 120_000);
});
