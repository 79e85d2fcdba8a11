import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Category, Video } from '../../contract/entities';
import { openDatabase } from '../db/open-database';
import { SqlStore } from '../db/sql-store';
import { runCatalogueCli, startCatalogueCli } from '../testing/catalogue-cli';
import {
  createPostgresDatabase,
  createTempDir,
  type TestDatabase,
} from '../testing/test-databases';

const makeVideo = (n: number, overrides: Partial<Video> = {}): Video => ({
  _id: `cli-${String(n).padStart(4, '0')}`,
  title: `Video ${n}`,
  channelName: `Channel ${n % 7}`,
  views: n * 13,
  uploadedOn: '2023-05-06',
  avatar: `https://example.com/${n}.png`,
  description: `About video ${n}`,
  categoryName: ['HTML', 'CSS', 'JavaScript'][n % 3]!,
  ...overrides,
});
const toLines = (records: unknown[]) =>
  records.map((record) => JSON.stringify(record)).join('\n') + '\n';
const parseLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);

const VIDEOS = Array.from({ length: 300 }, (_, n) => makeVideo(n));
const CATEGORIES = [
  { type: 'category', _id: 'cat-html', categoryName: 'HTML', description: 'Markup' },
  { type: 'category', _id: 'cat-css', categoryName: 'CSS', description: 'Style' },
];

const dir = createTempDir();
afterAll(dir.drop);
let fileCount = 0;
function fileWith(text: string, extension = 'jsonl'): string {
  fileCount += 1;
  const path = join(dir.path, `file-${fileCount}.${extension}`);
  writeFileSync(path, text);
  return path;
}

describe('catalogue CLI usage', () => {
  // These stop before the database is opened (or at its URL), so once is enough.
  const usageEnv = { DATABASE_URL: join(dir.path, 'usage.sqlite') };

  it('answers usage errors with exit 2', async () => {
    expect((await runCatalogueCli(['frobnicate'], usageEnv)).code).toBe(2);
    expect((await runCatalogueCli(['import'], usageEnv)).code).toBe(2);
    expect((await runCatalogueCli(['remove'], usageEnv)).code).toBe(2);
    expect((await runCatalogueCli(['export', '--bogus'], usageEnv)).code).toBe(2);
    const missing = await runCatalogueCli(['import', join(dir.path, 'missing.jsonl')], usageEnv);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing\.jsonl: cannot read it/);
    const badUrl = await runCatalogueCli(['export'], { DATABASE_URL: 'mysql://db/x' });
    expect(badUrl.code).toBe(2);
    expect(badUrl.stderr).toContain(
      'DATABASE_URL: must be a file path, a file: URL or a postgres:// URL (PostgreSQL)',
    );
  }, 60_000);

  it('refuses an --out it cannot write with exit 2, before touching the database', async () => {
    const untouched = { DATABASE_URL: join(dir.path, 'untouched.sqlite') };
    const folder = join(dir.path, 'no-such-folder');
    const missing = await runCatalogueCli(['export', '--out', join(folder, 'x.jsonl')], untouched);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `${join(folder, 'x.jsonl')}: cannot write it (the folder ${folder} does not exist)\n`,
    );
    const aFolder = await runCatalogueCli(['export', '--out', dir.path], untouched);
    expect(aFolder.code).toBe(2);
    expect(aFolder.stderr).toBe(
      `${dir.path}: cannot write it (it is a folder; --out takes a file)\n`,
    );
    const aFile = fileWith('');
    const underAFile = await runCatalogueCli(
      ['export', '--out', join(aFile, 'x.jsonl')],
      untouched,
    );
    expect(underAFile.code).toBe(2);
    expect(underAFile.stderr).toBe(
      `${join(aFile, 'x.jsonl')}: cannot write it (${aFile} is not a folder)\n`,
    );
    expect(existsSync(untouched.DATABASE_URL)).toBe(false);
  }, 60_000);
});

describe('catalogue CLI paths', () => {
  it('takes file arguments from where the command was typed (INIT_CWD), the database from its own folder', async () => {
    // `npm run` runs the CLI in the project's folder and says in INIT_CWD where it was typed.
    const projectDir = join(dir.path, 'project');
    const typedIn = join(dir.path, 'typed-in');
    mkdirSync(projectDir);
    mkdirSync(typedIn);
    writeFileSync(join(typedIn, 'good.jsonl'), toLines([CATEGORIES[0], makeVideo(1)]));
    writeFileSync(join(typedIn, 'categories.jsonl'), toLines([CATEGORIES[1]]));
    const env = { DATABASE_URL: 'relative.sqlite', INIT_CWD: typedIn };
    const cwd = { cwd: projectDir };

    const imported = await runCatalogueCli(
      ['import', 'good.jsonl', 'categories.jsonl'],
      env,
      undefined,
      cwd,
    );
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('videos: added 1,');
    expect(imported.stdout).toContain('categories: added 2,');
    // DATABASE_URL and DATA_DIR stay the server's: relative to the project's folder.
    expect(existsSync(join(projectDir, 'relative.sqlite'))).toBe(true);
    expect(existsSync(join(typedIn, 'relative.sqlite'))).toBe(false);

    const missing = await runCatalogueCli(['import', 'missing.jsonl'], env, undefined, cwd);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^missing\.jsonl: cannot read it \(.*typed-in\/missing\.jsonl/);

    const exported = await runCatalogueCli(['export', '--out', 'out.jsonl'], env, undefined, cwd);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toBe('exported 2 categories and 1 video to out.jsonl\n');
    expect(parseLines(readFileSync(join(typedIn, 'out.jsonl'), 'utf8'))).toHaveLength(3);
    expect(existsSync(join(projectDir, 'out.jsonl'))).toBe(false);

    // Without INIT_CWD (the bundle run by hand), the folder it runs in.
    const plain = await runCatalogueCli(
      ['export', '--out', 'plain.jsonl'],
      { DATABASE_URL: 'relative.sqlite' },
      undefined,
      cwd,
    );
    expect(plain.code).toBe(0);
    expect(existsSync(join(projectDir, 'plain.jsonl'))).toBe(true);
  }, 60_000);
});

describe.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)('catalogue CLI stopped by %s during import -', (signal, status) => {
  it(`removes its spool of standard input and dies by the signal (exit status ${status})`, async () => {
    // Its own temporary folder, to see what the import leaves there.
    const tmp = join(dir.path, `tmp-${signal}`);
    mkdirSync(tmp);
    const { child, ended } = startCatalogueCli(['import', '-'], {
      DATABASE_URL: join(dir.path, `stopped-${signal}.sqlite`),
      TMPDIR: tmp,
    });
    child.stdin.write(toLines(VIDEOS));
    // Standard input stays open: the import is still spooling it when the signal comes.
    const spool = async () => {
      for (const name of readdirSync(tmp)) {
        const path = join(tmp, name, 'stdin.jsonl');
        if (existsSync(path) && statSync(path).size > 0) return path;
      }
      return undefined;
    };
    const deadline = Date.now() + 30_000;
    while ((await spool()) === undefined && Date.now() < deadline) await sleep(50);
    expect(await spool()).toBeDefined();
    child.kill(signal);
    const run = await ended;
    // Killed by the signal, as without a handler: the shell reports 128 + its number.
    expect(run.signal).toBe(signal);
    expect(run.code).toBeNull();
    expect(readdirSync(tmp)).toEqual([]);
  }, 60_000);
});

describe.each(['sqlite', 'postgres'] as const)('catalogue CLI on %s', (dialect) => {
  const databases: TestDatabase[] = [];
  /** A fresh, empty database: its environment for the CLI. */
  async function freshDatabase(): Promise<Record<string, string>> {
    if (dialect === 'postgres') {
      const database = await createPostgresDatabase(inject('postgresUrl'));
      databases.push(database);
      return { DATABASE_URL: database.url };
    }
    fileCount += 1;
    return { DATABASE_URL: join(dir.path, `db-${fileCount}.sqlite`) };
  }
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  let env: Record<string, string>;
  beforeAll(async () => {
    env = await freshDatabase();
  });

  /** The catalogue as the database holds it, read in-process (cheaper than spawning export). */
  const exported = async (on = env): Promise<Video[]> => {
    const url = on.DATABASE_URL!;
    const database = openDatabase(
      dialect === 'postgres' ? { dialect, url } : { dialect: 'sqlite', path: url },
    );
    try {
      const store = new SqlStore(database);
      const videos: Video[] = [];
      let after: string | undefined;
      do {
        const chunk = await store.readCatalogue(after, 1000);
        videos.push(...chunk.videos);
        after = chunk.next;
      } while (after !== undefined);
      return videos;
    } finally {
      await database.close();
    }
  };

  /** The categories as the database holds them, in their order. */
  const categoriesIn = async (on = env): Promise<Category[]> => {
    const url = on.DATABASE_URL!;
    const database = openDatabase(
      dialect === 'postgres' ? { dialect, url } : { dialect: 'sqlite', path: url },
    );
    try {
      return await new SqlStore(database).listCategories();
    } finally {
      await database.close();
    }
  };

  it('refuses bad files with each problem, exit 1, and imports nothing', async () => {
    const { title: _title, ...noTitle } = makeVideo(3);
    const bad = fileWith(
      [
        JSON.stringify(makeVideo(1)),
        JSON.stringify(makeVideo(2)),
        JSON.stringify(noTitle),
        '{"_id": "broken", ',
        JSON.stringify(makeVideo(5, { views: '12' as unknown as number })),
        JSON.stringify(makeVideo(6, { _id: 'cli-0002' })),
      ].join('\n'),
    );
    const run = await runCatalogueCli(['import', bad], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('line 3: title is required');
    expect(lines[1]).toMatch(/^line 4: not valid JSON \(.+\)$/);
    expect(lines.slice(2)).toEqual([
      'line 5: views must be a non-negative whole number',
      'line 6: _id "cli-0002" appears again (first on line 2)',
      'videos: added 0, updated 0, unchanged 0, rejected 4',
      'categories: added 0, updated 0, unchanged 0, rejected 0',
      'nothing was imported: fix the records above and run the import again',
    ]);
    expect(await exported()).toEqual([]);

    const empty = fileWith('\n');
    const emptyRun = await runCatalogueCli(['import', empty], env);
    expect(emptyRun.code).toBe(1);
    expect(emptyRun.stderr.split('\n')[0]).toBe(`${empty}: no videos found`);

    // Text the database cannot store faithfully, an id no URL can name, a time that does not exist.
    const unservable = fileWith(
      [
        '{"_id":"s2\\udfff","title":"T","channelName":"C","views":1,"uploadedOn":"2020-11-22","avatar":"","description":"d","categoryName":"HTML"}',
        JSON.stringify(makeVideo(2, { _id: '..' })),
        JSON.stringify(makeVideo(3, { uploadedOn: '2020-11-22T25:00' })),
        '{"type":"category","_id":"c","categoryName":"HTML","description":"\\ud800"}',
      ].join('\n'),
    );
    const unservableRun = await runCatalogueCli(['import', unservable], env);
    expect(unservableRun.code).toBe(1);
    expect(unservableRun.stderr.trimEnd().split('\n')).toEqual([
      'line 1: _id must be valid Unicode (a lone surrogate \\udfff)',
      'line 2: _id cannot be "." or ".."',
      'line 3: uploadedOn must be a date (YYYY-MM-DD)',
      'line 4: description must be valid Unicode (a lone surrogate \\ud800)',
      'videos: added 0, updated 0, unchanged 0, rejected 3',
      'categories: added 0, updated 0, unchanged 0, rejected 1',
      'nothing was imported: fix the records above and run the import again',
    ]);
    expect(await exported()).toEqual([]);

    // A whole file refused: no per-record counts that would read "rejected 0".
    const trailingComma = fileWith(`[${JSON.stringify(makeVideo(1))},]`, 'json');
    const refused = await runCatalogueCli(['import', trailingComma], env);
    expect(refused.code).toBe(1);
    const refusedLines = refused.stderr.trimEnd().split('\n');
    expect(refusedLines).toEqual([
      expect.stringMatching(new RegExp(`^${trailingComma}: not valid JSON \\(.+\\)$`)),
      `nothing was imported: ${trailingComma} was refused as a whole (no record of it was checked); fix the problems above and run the import again`,
    ]);

    const many = fileWith(toLines(VIDEOS.map((video) => ({ ...video, views: -1 }))));
    const manyRun = await runCatalogueCli(['import', many], env);
    expect(manyRun.code).toBe(1);
    const manyLines = manyRun.stderr.split('\n');
    expect(manyLines[49]).toBe('line 50: views must be a non-negative whole number');
    expect(manyLines[50]).toBe('and 250 more');
    expect(await exported()).toEqual([]);
  }, 60_000);

  it('imports, counts, stays unchanged on a second run, and updates a changed record', async () => {
    const file = fileWith(toLines([...CATEGORIES, ...VIDEOS]));
    const first = await runCatalogueCli(['import', file], env);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(
      'videos: added 300, updated 0, unchanged 0, rejected 0\n' +
        'categories: added 2, updated 0, unchanged 0, rejected 0\n',
    );
    expect(await exported()).toEqual(VIDEOS);

    const again = await runCatalogueCli(['import', file], env);
    expect(again.stdout).toBe(
      'videos: added 0, updated 0, unchanged 300, rejected 0\n' +
        'categories: added 0, updated 0, unchanged 2, rejected 0\n',
    );

    const changed = [...VIDEOS.slice(0, 10), makeVideo(5, { title: 'Renamed' }), makeVideo(300)];
    changed.splice(5, 1);
    const update = await runCatalogueCli(
      ['import', fileWith(JSON.stringify(changed), 'json')],
      env,
    );
    expect(update.code).toBe(0);
    expect(update.stdout).toContain('videos: added 1, updated 1, unchanged 9, rejected 0');
    const after = await exported();
    expect(after).toHaveLength(301);
    expect(after[5]).toEqual(makeVideo(5, { title: 'Renamed' }));
    expect(after.at(-1)).toEqual(makeVideo(300));
  }, 60_000);

  it('round-trips export → import on a fresh database, videos and categories, through a file and through a pipe', async () => {
    const out = join(dir.path, `export-${dialect}.jsonl`);
    const run = await runCatalogueCli(['export', '--out', out], env);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(`exported 2 categories and 301 videos to ${out}\n`);
    const catalogue = await exported();
    const categories = await categoriesIn();
    // Not in id order: the round trip must keep the catalogue's own order.
    expect(categories.map((category) => category._id)).toEqual(['cat-html', 'cat-css']);
    const records = parseLines(readFileSync(out, 'utf8'));
    expect(records.slice(0, 2)).toEqual(
      categories.map((category) => ({ type: 'category', ...category })),
    );
    expect(records.slice(2)).toEqual(catalogue);
    const fresh = await freshDatabase();
    const imported = await runCatalogueCli(['import', out], fresh);
    expect(imported.stdout).toBe(
      'videos: added 301, updated 0, unchanged 0, rejected 0\n' +
        'categories: added 2, updated 0, unchanged 0, rejected 0\n',
    );
    expect(await exported(fresh)).toEqual(catalogue);
    expect(await categoriesIn(fresh)).toEqual(categories);

    const piped = await freshDatabase();
    const stdout = (await runCatalogueCli(['export'], env)).stdout;
    expect(stdout).toBe(readFileSync(out, 'utf8'));
    const fromStdin = await runCatalogueCli(['import', '-'], piped, stdout);
    expect(fromStdin.code).toBe(0);
    expect(await exported(piped)).toEqual(catalogue);
    expect(await categoriesIn(piped)).toEqual(categories);
  }, 60_000);

  it('removes videos and names the ids that were not there', async () => {
    const run = await runCatalogueCli(['remove', 'cli-0001', 'cli-0002', 'nope', 'cli-0001'], env);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('removed 2 videos\n');
    expect(run.stderr).toBe('not in the catalogue: nope\n');
    const ids = (await exported()).map((video) => video._id);
    expect(ids).toHaveLength(299);
    expect(ids).not.toContain('cli-0001');
    expect(ids).not.toContain('cli-0002');
  }, 60_000);
});
