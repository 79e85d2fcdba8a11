import { describe, expect, it } from 'vitest';
import { lookupPieces } from './folded-match';

describe('lookupPieces', () => {
  it('takes each word with the gaps either side, rarest in the sample first, then the longest', () => {
    const sample = ['generated lesson 12 about css', 'generated lesson 7 about sql', 'css tips'];
    expect(lookupPieces('lesson 328292', sample)).toEqual(['n 328292', 'lesson 3']);
    expect(lookupPieces('react crash course', [])).toEqual(['t crash c', 'h course', 'react c']);
    expect(lookupPieces('css tips', sample)).toEqual(['s tips', 'css t']);
  });

  it('keeps a text without gaps whole, and leaves out repeats', () => {
    expect(lookupPieces('freecodecamp', [])).toEqual(['freecodecamp']);
    expect(lookupPieces('!!!', [])).toEqual(['!!!']);
    expect(lookupPieces('go go go', [])).toEqual(['o go g', 'go g', 'o go']);
    expect(lookupPieces('crème brûlée', [])).toEqual(['e brûlée', 'crème b']);
  });
});
