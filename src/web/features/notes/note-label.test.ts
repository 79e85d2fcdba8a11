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

/**
 * A note is its writer's text, up to 20,000 characters, and a notebook names each of up to 1,000
 * (issue 42, finding 12). Lines of 100,000 characters that open links or brackets, or hold runs
 * of underscores, are read in linear time; these guard that: the patterns that scanned to the
 * line's end from each `[` or `_` took seconds, past the test's timeout (a guard against work
 * growing with the square of the line, not a timing assertion).
 */
describe('the name of a hostile note', () => {
  const run = 100_000;
  const cut = (text: string) => `${text.slice(0, 39)}…`;

  it('reads runs of brackets and link starts as the text they show', () => {
    expect(noteLabel('['.repeat(run))).toBe(cut('['.repeat(run)));
    expect(noteLabel(`${'['.repeat(run)}](x) end`)).toBe(cut('['.repeat(run)));
    expect(noteLabel('[]('.repeat(run / 3))).toBe(cut('[]('.repeat(run / 3)));
    expect(noteLabel(`${'[a]('.repeat(run / 4)})`)).toBe('a');
    expect(noteLabel(`See [the docs](${'/'.repeat(run)}) now`)).toBe('See the docs now');
    expect(noteLabel('![a](b)'.repeat(run / 7))).toBe(cut('a'.repeat(run / 7)));
  });

  it('reads runs of underscores, marks, spaces and quote markers', () => {
    expect(noteLabel(`a${'_'.repeat(run)}b`)).toBe(cut(`a${'_'.repeat(run)}b`));
    expect(noteLabel(`a${'_'.repeat(run)}`)).toBe('a');
    expect(noteLabel(`${'_'.repeat(run)}b`)).toBe('b');
    expect(noteLabel(`a${'*'.repeat(run)}b`)).toBe('ab');
    expect(noteLabel(`a${' '.repeat(run)}b`)).toBe('a b');
    expect(noteLabel(`${'> '.repeat(run / 2)}quoted`)).toBe('quoted');
    expect(noteLabel(`${' '.repeat(run)}\`\`\`${'`'.repeat(run)}\nnext`)).toBe('next');
    expect(noteLabel('1:2'.repeat(33_333))).toBe(cut('1:2'.repeat(33_333)));
  });
});
