import { describe, expect, it } from 'vitest';
import { noteLabel } from './note-label';

describe('a note’s name', () => {
  it('is the first line that shows words, without its Markdown', () => {
    expect(noteLabel('## The *cascade*\n\nSpecificity wins')).toBe('The cascade');
    expect(noteLabel('```js\nconst x = 1;\n```')).toBe('const x = 1;');
    expect(noteLabel('\n> See [the docs](https://example.com/a) for **more**')).toBe(
      'See the docs for more',
    );
    expect(noteLabel('- `snake_case` names')).toBe('snake_case names');
  });

  it('is cut to 40 characters and has no line breaks', () => {
    const label = noteLabel(`${'word '.repeat(20)}\nsecond line`);
    expect(label).toHaveLength(40);
    expect(label.endsWith('…')).toBe(true);
    expect(label).not.toContain('\n');
  });
});
