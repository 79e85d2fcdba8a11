import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CaptionError, captionFileName, parseSrt, parseVtt } from './transcript-files';

/** The line and message a parse fails with. */
function failure(parse: () => unknown): { line: number; message: string } {
  try {
    parse();
  } catch (error) {
    if (error instanceof CaptionError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('it parsed');
}

describe('caption file names', () => {
  it('say the video id, the language and the format', () => {
    expect(captionFileName('abc123.vtt')).toEqual({ videoId: 'abc123', format: 'vtt' });
    expect(captionFileName('abc123.en.vtt')).toEqual({
      videoId: 'abc123',
      language: 'en',
      format: 'vtt',
    });
    expect(captionFileName('abc-1_2.SRT')).toEqual({ videoId: 'abc-1_2', format: 'srt' });
    expect(captionFileName('Learn CSS. In 20 min [1PnVor36_40].en-US.vtt')).toEqual({
      videoId: '1PnVor36_40',
      language: 'en-US',
      format: 'vtt',
    });
    expect(captionFileName('Talk [PkZNo7MFNFg].vtt')).toEqual({
      videoId: 'PkZNo7MFNFg',
      format: 'vtt',
    });
    expect(captionFileName('notes.txt')).toBeUndefined();
    expect(captionFileName('a.b.c.d.vtt')).toBeUndefined();
  });
});

describe('WebVTT', () => {
  it('reads cues with identifiers, settings, tags, entities and the header’s language', () => {
    const parsed = parseVtt(
      [
        '\uFEFFWEBVTT - a title',
        'Kind: captions',
        'Language: fr',
        '',
        'NOTE a comment',
        'over two lines',
        '',
        'STYLE',
        '::cue { color: red }',
        '',
        'intro',
        '00:01.000 --> 00:04.500 align:start position:0%',
        '<v Ada>Hello &amp; <b>welcome</b></v>',
        'to the course',
        '',
        '01:00:02.250 --> 01:00:03.000',
        'Later &lt;on&gt;',
        '',
        '00:00:05.000 --> 00:00:06.000',
        '',
      ].join('\r\n'),
    );
    expect(parsed).toEqual({
      language: 'fr',
      cues: [
        { start: 1, end: 4.5, text: 'Hello & welcome to the course' },
        { start: 3602.25, end: 3603, text: 'Later <on>' },
      ],
    });
  });

  it('refuses a bad file with the line of its first problem', () => {
    expect(failure(() => parseVtt('1\n00:00:01.000 --> 00:00:02.000\nHi\n'))).toEqual({
      line: 1,
      message: 'a WebVTT file starts with the line "WEBVTT"',
    });
    const badTiming =
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\n00:00:03 --> 00:00:04.000\nx\n';
    expect(failure(() => parseVtt(badTiming))).toEqual({
      line: 6,
      message:
        'bad cue timing "00:00:03 --> 00:00:04.000" (expected "00:00:01.000 --> 00:00:04.000")',
    });
    const backwards = 'WEBVTT\n\nid\n00:00:09.000 --> 00:00:04.000\nx\n';
    expect(failure(() => parseVtt(backwards))).toEqual({
      line: 4,
      message: 'the cue ends before it starts ("00:00:09.000 --> 00:00:04.000")',
    });
    const noTiming = 'WEBVTT\n\nan identifier\nsome text\n';
    expect(failure(() => parseVtt(noTiming))).toEqual({
      line: 4,
      message: 'expected a cue timing such as "00:00:01.000 --> 00:00:04.000", found "some text"',
    });
    expect(failure(() => parseVtt('WEBVTT\n\n00:00:61.000 --> 00:01:02.000\nx')).line).toBe(3);
  });

  it('merges YouTube’s rolling auto-captions so each word is read once', () => {
    const auto = [
      'WEBVTT',
      'Kind: captions',
      'Language: en',
      '',
      '00:00:00.000 --> 00:00:02.350 align:start position:0%',
      ' ',
      'hello<00:00:00.480><c> everyone</c><00:00:00.960><c> welcome</c>',
      '',
      '00:00:02.350 --> 00:00:02.360 align:start position:0%',
      'hello everyone welcome',
      ' ',
      '',
      '00:00:02.360 --> 00:00:05.000 align:start position:0%',
      'hello everyone welcome',
      'to<00:00:02.520><c> the</c><00:00:02.880><c> channel</c>',
      '',
      '00:00:05.000 --> 00:00:05.010 align:start position:0%',
      'to the channel',
      ' ',
      '',
      '00:00:05.010 --> 00:00:08.000 align:start position:0%',
      'to the channel',
      'today<00:00:05.400><c> closures</c>',
      '',
    ].join('\n');
    expect(parseVtt(auto).cues).toEqual([
      { start: 0, end: 2.35, text: 'hello everyone welcome' },
      { start: 2.36, end: 5, text: 'to the channel' },
      { start: 5.01, end: 8, text: 'today closures' },
    ]);
  });

  it('starts a cue at every timing line, blank line before it or not, and never reads its settings as text (issue 42)', () => {
    // yt-dlp's --write-auto-subs output as YouTube sends it: two timing lines follow the text of
    // the cue before with no blank line between them.
    const file = readFileSync(
      join(import.meta.dirname, 'fixtures/captions/Closures explained [c1osur3s-A].en.vtt'),
      'utf8',
    );
    const parsed = parseVtt(file);
    expect(parsed.language).toBe('en');
    expect(parsed.cues).toEqual([
      { start: 300.03, end: 302.07, text: 'so the question is' },
      { start: 302.08, end: 304.08, text: 'what' },
      { start: 304.08, end: 305.069, text: 'this will happen when' },
      { start: 305.079, end: 307.51, text: 'the closure runs later' },
      { start: 307.52, end: 310, text: 'it still sees its scope' },
    ]);
    for (const cue of parsed.cues) expect(cue.text).not.toMatch(/-->|align:|position:|\d:\d\d/);
  });

  it('reads a timing line inside a block as the next cue, an identifier only after a blank line', () => {
    const text = [
      'WEBVTT',
      '',
      'one',
      '00:00:01.000 --> 00:00:02.000 line:0 align:end',
      'First',
      '00:00:02.000 --> 00:00:03.000 position:10%',
      'Second',
      'and more',
      '',
    ].join('\n');
    expect(parseVtt(text).cues).toEqual([
      { start: 1, end: 2, text: 'First' },
      { start: 2, end: 3, text: 'Second and more' },
    ]);
    const badInside =
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nFirst\n00:00:03 --> 00:00:04.000\nx\n';
    expect(failure(() => parseVtt(badInside))).toEqual({
      line: 5,
      message:
        'bad cue timing "00:00:03 --> 00:00:04.000" (expected "00:00:01.000 --> 00:00:04.000")',
    });
  });

  it('keeps the lines of ordinary captions that happen to repeat', () => {
    const song = 'WEBVTT\n\n00:01.000 --> 00:02.000\nYeah\n\n00:02.000 --> 00:03.000\nYeah\n';
    expect(parseVtt(song).cues.map((cue) => cue.text)).toEqual(['Yeah', 'Yeah']);
  });
});

describe('SRT', () => {
  it('reads numbered cues with commas, tags and positions', () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,500\n<i>Hello</i>\nthere\n\n2\n00:00:03,000 --> 00:00:04,000\n{\\an8}Top line\n';
    expect(parseSrt(srt).cues).toEqual([
      { start: 1, end: 2.5, text: 'Hello there' },
      { start: 3, end: 4, text: 'Top line' },
    ]);
  });

  it('refuses a bad file with the line of its first problem', () => {
    expect(failure(() => parseSrt('1\n00:00:01,000 --> 00:00:02,000\nHi\n\nHello\n'))).toEqual({
      line: 5,
      message: 'expected a cue number, found "Hello"',
    });
    expect(failure(() => parseSrt('1\n00:00:01,000 -> 00:00:02,000\nHi\n'))).toEqual({
      line: 2,
      message:
        'bad cue timing "00:00:01,000 -> 00:00:02,000" (expected "00:00:01,000 --> 00:00:04,000")',
    });
    expect(failure(() => parseSrt('\n\n7\n'))).toEqual({
      line: 4,
      message: 'the cue has no timing line',
    });
  });
});

/**
 * Caption files are catalogue text from anywhere (issue 42, finding 12): a cue line of 100,000
 * characters that opens tags, override blocks or entities without closing them is read in linear
 * time (a tag pattern scanned to the line's end from each `<`: quadratic). These lines guard that:
 * quadratic cleaning took tens of seconds here, past the test's timeout (a guard against work
 * growing with the square of the line, not a timing assertion).
 */
describe('caption lines of 100,000 hostile characters', () => {
  const run = 100_000;
  /** The text of a one-cue SRT file whose payload is `line`. */
  const srtText = (line: string) => parseSrt(`1\n00:00:01,000 --> 00:00:02,000\n${line}\n`).cues;
  /** The same as WebVTT. */
  const vttText = (line: string) => parseVtt(`WEBVTT\n\n00:01.000 --> 00:02.000\n${line}\n`).cues;

  for (const [name, line, text] of [
    ['tags never closed', '<'.repeat(run), '<'.repeat(run)],
    ['a tag closed at the end', `${'<'.repeat(run)}b>a`, 'a'],
    ['override blocks never closed', '{\\'.repeat(run / 2), '{\\'.repeat(run / 2)],
    ['an override block closed at the end', `${'{\\'.repeat(run / 2)}}x`, 'x'],
    ['entities never closed', '&a'.repeat(run / 2), '&a'.repeat(run / 2)],
    ['digits and colons', '1:2'.repeat(33_333), '1:2'.repeat(33_333)],
    ['spaces between words', `a${' '.repeat(run)}b`, 'a b'],
    ['one letter', 'a'.repeat(run), 'a'.repeat(run)],
    ['tags and text', '<i>a</i> '.repeat(run / 9), 'a '.repeat(run / 9).trim()],
  ] as const) {
    it(`are read as text: ${name}`, () => {
      expect(srtText(line)).toEqual([{ start: 1, end: 2, text }]);
      expect(vttText(line)).toEqual([{ start: 1, end: 2, text }]);
    });
  }
});
