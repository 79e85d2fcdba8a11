import { describe, expect, it } from 'vitest';
import { buildNote, buildVideo } from '../../testing/factories';
import { formatTime } from '../../lib/format';
import { markdownToNotes, notesToMarkdown, sameNote } from './notes-markdown';

describe('notes as Markdown', () => {
  const css = buildVideo({ _id: '1PnVor36_40', title: 'Learn CSS in 20 Minutes' });
  const js = buildVideo({ _id: 'yLZazznWoAs', title: 'JavaScript in the browser!' });
  const code = ['Selector:', '', '```css', '.card > h2 {', '  margin: 0;', '}', '```', ''].join(
    '\n',
  );

  it('groups by video with a link, and keeps fenced code intact through a round trip', () => {
    const notes = [
      buildNote({ videoId: js._id, content: 'DOM first' }),
      { ...buildNote({ videoId: css._id, content: code }), time: 125 },
      buildNote({ videoId: css._id, content: '' }),
    ];
    const markdown = notesToMarkdown(notes, [css, js]);
    expect(markdown).toContain('## Learn CSS in 20 Minutes\n\nhttps://youtu.be/1PnVor36_40');
    expect(markdown).toContain('[2:05](https://youtu.be/1PnVor36_40?t=125)');
    expect(markdown.indexOf('Learn CSS')).toBeLessThan(markdown.indexOf('JavaScript in the'));
    expect(markdown).toContain('```css\n.card > h2 {\n  margin: 0;\n}\n```');

    const back = markdownToNotes(markdown);
    expect(back).toEqual([
      { videoId: css._id, content: code, time: 125 },
      { videoId: css._id, content: '' },
      { videoId: js._id, content: 'DOM first' },
    ]);
  });

  it('reads files saved with Windows line endings and ignores text outside notes', () => {
    const markdown = notesToMarkdown([buildNote({ videoId: js._id, content: 'a\nb' })], [js]);
    const edited = `Some words of my own\n\n${markdown}`.replace(/\n/g, '\r\n');
    expect(markdownToNotes(edited)).toEqual([{ videoId: js._id, content: 'a\nb' }]);
  });

  it('formats times and compares notes by video, moment and text', () => {
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(sameNote({ videoId: 'a', content: 'x' }, { videoId: 'a', content: 'x' })).toBe(true);
    expect(sameNote({ videoId: 'a', content: 'x', time: 1 }, { videoId: 'a', content: 'x' })).toBe(
      false,
    );
  });
});
