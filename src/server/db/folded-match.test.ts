import { describe, expect, it } from 'vitest';
import { lookupWords } from './folded-match';

describe('lookupWords', () => {
  it('orders the words by how few sample texts hold them, then the longest first', () => {
    const sample = ['generated lesson 12 about css', 'generated lesson 7 about sql', 'css tips'];
    expect(lookupWords('lesson 328292', sample)).toEqual(['328292', 'lesson']);
    expect(lookupWords('about css tips', sample)).toEqual(['tips', 'about', 'css']);
    expect(lookupWords('css tips', [])).toEqual(['tips', 'css']);
  });

  it('leaves out words that may give no trigram, and repeats', () => {
    expect(lookupWords('c++ in react react hooks', [])).toEqual(['react', 'hooks']);
    expect(lookupWords('react in react', [])).toEqual([]);
    expect(lookupWords('lesson 12', [])).toEqual([]);
    expect(lookupWords('crème brûlée', [])).toEqual([]);
    expect(lookupWords('100% _under', [])).toEqual(['_under', '100%']);
  });
});
