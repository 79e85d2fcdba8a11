import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcript, Video } from '../../contract/entities';
import { runCatalogueCli } from '../testing/catalogue-cli';
import { createTempDir } from '../testing/test-databases';

const video = (id: string): Video => ({
  _id: id,
  title: `Video ${id}`,
  channelName: 'Channel',
  views: 10,
  uploadedOn: '2024-01-01',
  avatar: 'https://example.com/a.png',
  description: '',
  categoryName: 'Misc',
});

const dir = createTempDir();
afterAll(dir.drop);
const env = { DATABASE_URL: join(dir.path, 'transcripts.sqlite') };

/** A folder of caption files, by name. */
function folderWith(name: string, files: Record<string, string>): string {
  const path = join(dir.path, name);
  mkdirSync(path);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(path, file), text);
  return path;
}

const exportedTranscripts = async (): Promise<Transcript[]> => {
  const run = await runCatalogueCli(['transcripts', 'export'], env);
  expect(run.code).toBe(0);
  return run.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Transcript);
};

describe('npm run catalogue -- transcripts', () => {
  beforeAll(async () => {
    const videos = ['vid-a', 'vid-b', 'vid-c'].map((id) => JSON.stringify(video(id))).join('\n');
    const imported = await runCatalogueCli(['import', '-'], env, `${videos}\n`);
    expect(imported.code).toBe(0);
  }, 120_000);

  it('answers usage errors with exit 2 before it opens the database', async () => {
    const usage = { DATABASE_URL: join(dir.path, 'never-opened.sqlite') };
    for (const args of [
      ['transcripts'],
      ['transcripts', 'frob'],
      ['transcripts', 'import'],
      ['transcripts', 'import', 'a', 'b'],
      ['transcripts', 'remove'],
      ['transcripts', 'export', 'x'],
      ['transcripts', 'remove', 'vid-a', '--out', 'x.jsonl'],
    ]) {
      const run = await runCatalogueCli(args, usage);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toMatch(/^catalogue: (transcripts|--out)/);
    }
    const missing = await runCatalogueCli(['transcripts', 'import', join(dir.path, 'nope')], usage);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `${join(dir.path, 'nope')}: cannot read it (no such file or folder)\n`,
    );
  }, 120_000);

  it('imports a folder file by file: bad cues and unknown videos are reported with exit 1, the rest go in', async () => {
    const folder = folderWith('mixed', {
      'vid-a.en.vtt':
        'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nClosures keep\n\n00:00:03.000 --> 00:00:05.000\ntheir scope.\n',
      'A talk [vid-b].srt': '1\n00:00:00,500 --> 00:00:02,000\nHello from SRT\n',
      'vid-c.vtt':
        'WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nfine\n\n00:00:04 --> 00:00:05.000\nbroken\n',
      'no-such-video.vtt': 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n',
      'readme.vtt.txt': 'not a caption file',
    });
    const run = await runCatalogueCli(['transcripts', 'import', folder], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('imported 2 transcripts (3 lines)\n');
    expect(run.stderr).toBe(
      [
        `${join(folder, 'no-such-video.vtt')}: no video "no-such-video" in the catalogue`,
        `${join(folder, 'vid-c.vtt')}:6: bad cue timing "00:00:04 --> 00:00:05.000" (expected "00:00:01.000 --> 00:00:04.000")`,
        '2 files were not imported: fix them and run again',
        '',
      ].join('\n'),
    );
    expect(await exportedTranscripts()).toEqual([
      {
        videoId: 'vid-a',
        language: 'en',
        cues: [
          { start: 1, end: 3, text: 'Closures keep' },
          { start: 3, end: 5, text: 'their scope.' },
        ],
      },
      { videoId: 'vid-b', cues: [{ start: 0.5, end: 2, text: 'Hello from SRT' }] },
    ]);
  }, 120_000);

  it('names the refused file, not its folder, when the folder holds that one file (issue 42)', async () => {
    const folder = folderWith('one-bad', {
      'vid-c.vtt': 'WEBVTT\n\n00:00:04 --> 00:00:05.000\nbroken\n',
    });
    const run = await runCatalogueCli(['transcripts', 'import', folder], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      [
        `${join(folder, 'vid-c.vtt')}:3: bad cue timing "00:00:04 --> 00:00:05.000" (expected "00:00:01.000 --> 00:00:04.000")`,
        '1 file was not imported: fix them and run again',
        '',
      ].join('\n'),
    );
  }, 120_000);

  it('replaces a transcript when imported again, and removes transcripts', async () => {
    const file = join(
      folderWith('again', { 'vid-a.vtt': 'WEBVTT\n\n00:02.000 --> 00:03.000\nNew words\n' }),
      'vid-a.vtt',
    );
    for (let round = 0; round < 2; round += 1) {
      const run = await runCatalogueCli(['transcripts', 'import', file], env);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe('imported 1 transcript (1 line)\n');
    }
    const [first] = await exportedTranscripts();
    expect(first).toEqual({ videoId: 'vid-a', cues: [{ start: 2, end: 3, text: 'New words' }] });

    const removed = await runCatalogueCli(['transcripts', 'remove', 'vid-a', 'vid-c'], env);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe('removed 1 transcript\n');
    expect(removed.stderr).toBe('no transcript for: vid-c\n');
    expect((await exportedTranscripts()).map((item) => item.videoId)).toEqual(['vid-b']);

    const out = await runCatalogueCli(
      ['transcripts', 'export', '--out', join(dir.path, 'out.jsonl')],
      env,
    );
    expect(out.stderr).toBe(`exported 1 transcript to ${join(dir.path, 'out.jsonl')}\n`);
    expect(readFileSync(join(dir.path, 'out.jsonl'), 'utf8')).toContain('"videoId":"vid-b"');
  }, 120_000);
});
