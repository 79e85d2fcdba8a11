import { describe, expect, it } from 'vitest';
import {
  afterKeysOf,
  ftsPairs,
  ftsPhrases,
  leadingWord,
  MAX_FILTER_WORDS,
  MAX_PHRASE_WORDS,
  MAX_WORD_LENGTH,
  postgresBounds,
  sqliteBounds,
  reversedEnding,
  searchPairs,
  searchTriples,
  tsPairs,
  tsWords,
  vocabularyOf,
  wordFilter,
  wordPairs,
} from './transcript-words';

describe('the transcript search’s word filter', () => {
  it('looks up whole the words the search shows both ends of, the last as a prefix, never the first', () => {
    expect(wordFilter('closures, and why', sqliteBounds)).toEqual({
      whole: ['and'],
      prefixes: ['why'],
    });
    expect(wordFilter(' closure', sqliteBounds)).toEqual({ whole: [], prefixes: ['closure'] });
    expect(wordFilter('(closure) ', sqliteBounds)).toEqual({ whole: ['closure'], prefixes: [] });
  });

  it('has no filter for one word alone, or words in other scripts', () => {
    expect(wordFilter('zorblat', sqliteBounds)).toBeUndefined();
    expect(wordFilter('ёлка и снег', sqliteBounds)).toBeUndefined();
    // A prefix of one or two characters narrows nothing.
    expect(wordFilter('xy ab', sqliteBounds)).toBeUndefined();
  });

  it('takes a word beside a character beyond ASCII as unbounded on SQLite, bounded on PostgreSQL', () => {
    expect(wordFilter('x abcё def', sqliteBounds)).toEqual({ whole: [], prefixes: ['abc', 'def'] });
    expect(wordFilter('x abcё def', postgresBounds)).toEqual({
      whole: ['abc'],
      prefixes: ['def'],
    });
    expect(wordFilter('x ёabc def', sqliteBounds)).toEqual({ whole: [], prefixes: ['def'] });
  });

  it('makes safe index queries of any text, at most MAX_FILTER_WORDS words', () => {
    expect(ftsPhrases('"*^:()near')).toBe('"near"*');
    expect(ftsPhrases(`"zorblat" near(a, "b") or -x* :col ^y`)).toBe('"zorblat near a b or x col"');
    const quoted = wordFilter(`x it's "a" o'brien%_`, postgresBounds)!;
    expect(tsWords(quoted)).toBe(`'brien' & 'it' & 's' & 'a' & 'o'`);
    const many = wordFilter(`x ${'abcdefghijklm'.split('').join(' ')} end`, sqliteBounds)!;
    expect(many.whole.length + many.prefixes.length).toBe(MAX_FILTER_WORDS);
    const long = 'w'.repeat(MAX_WORD_LENGTH + 5);
    expect(wordFilter(`x ${long} y`, postgresBounds)).toEqual({
      whole: [],
      prefixes: ['w'.repeat(MAX_WORD_LENGTH)],
    });
  });

  it('asks SQLite for the words said one after the other as phrases', () => {
    expect(ftsPhrases('closures, and why')).toBe('"and why"*');
    expect(ftsPhrases('zorblat closure')).toBe('"closure"*');
    expect(ftsPhrases('it is said common zeb')).toBe('"is said common zeb"*');
    // A word beside another script ends a phrase; one of one or two letters left open is dropped.
    expect(ftsPhrases('x abcё def')).toBe('"abc"* AND "def"*');
    expect(ftsPhrases('a b c')).toBe('"b"');
    expect(ftsPhrases('zorblat')).toBeUndefined();
    expect(ftsPhrases(Array.from({ length: 30 }, () => 'the').join(' '))).toBe(
      `"${Array.from({ length: MAX_PHRASE_WORDS }, () => 'the').join(' ')}"`,
    );
  });

  it('asks the first word by its end when the words said ending with it are given (migration 0021)', () => {
    expect(leadingWord('myl the', sqliteBounds)).toBe('myl');
    expect(leadingWord('myl, and why', sqliteBounds)).toBe('myl');
    // Not the search's start, or its end unknown: not asked by its end.
    expect(leadingWord(' myl the', sqliteBounds)).toBeUndefined();
    expect(leadingWord('myl', sqliteBounds)).toBeUndefined();
    expect(leadingWord('mylё the', sqliteBounds)).toBeUndefined();
    expect(leadingWord('mylё the', postgresBounds)).toBe('myl');
    expect(leadingWord(`${'w'.repeat(MAX_WORD_LENGTH + 1)} the`, sqliteBounds)).toBeUndefined();

    expect(ftsPhrases('myl the', ['kamyl', 'myl'])).toBe('("kamyl the"* OR "myl the"*)');
    expect(ftsPhrases('myl the', ['myl'])).toBe('"myl the"*');
    expect(ftsPhrases('closures, and why', ['closures'])).toBe('"closures and why"*');
    expect(ftsPhrases('myl ё the', ['kamyl'])).toBe('"kamyl" AND "the"*');
    expect(ftsPhrases('myl the', [])).toBe('"the"*');
    expect(ftsPhrases(' myl the', ['kamyl'])).toBe('"myl the"*');

    expect(wordFilter('myl the', postgresBounds, ['kamyl', 'myl'])).toEqual({
      whole: [],
      prefixes: ['the'],
      leading: ['kamyl', 'myl'],
    });
    expect(wordFilter('myl x', postgresBounds, ['myl'])).toEqual({
      whole: [],
      prefixes: [],
      leading: ['myl'],
    });
    expect(tsWords({ whole: ['and'], prefixes: ['why'], leading: ['kamyl', 'myl'] })).toBe(
      `('kamyl' | 'myl') & 'and' & 'why':*`,
    );
  });

  it('keeps in the vocabulary every word a search can end its first word in, plain or not', () => {
    expect(reversedEnding('kamyl')).toBe('lymak');
    expect(reversedEnding('w'.repeat(MAX_WORD_LENGTH) + 'abc')).toBe(
      'cba' + 'w'.repeat(MAX_WORD_LENGTH - 3),
    );
    expect(afterKeysOf('lym') > 'lymz9'.repeat(8)).toBe(true);
    expect([...vocabularyOf('kamyl the ёmyl x abcё, the')]).toEqual([
      ['lymak', true],
      ['eht', true],
      // After a character beyond ASCII, unicode61 may join it to the word: not plain.
      ['lym', false],
      ['x', true],
    ]);
    // A word also said unjoined stays not plain; one longer than MAX_WORD_LENGTH is not plain.
    expect(vocabularyOf('ёmyl myl').get('lym')).toBe(false);
    expect(vocabularyOf('myl ёmyl').get('lym')).toBe(false);
    expect(
      vocabularyOf(`${'w'.repeat(MAX_WORD_LENGTH + 1)} x`).get('w'.repeat(MAX_WORD_LENGTH)),
    ).toBe(false);
  });

  it('indexes each two words said one space apart as a pair, a gap for any other two (0022)', () => {
    expect(wordPairs('so this and, why 2 x')).toBe('so_this this_and _ why_2 2_x');
    // Other characters between, or none but a line's end: a gap keeps the next pair apart.
    expect(wordPairs('a  b ё c\nd. e')).toBe('_ _ _ _');
    expect(wordPairs('ёkamyl the')).toBe('kamyl_the');
    // A word longer than MAX_WORD_LENGTH starts no pair, and ends one cut to that length.
    const long = 'w'.repeat(MAX_WORD_LENGTH + 1);
    expect(wordPairs(`x ${long} y z`)).toBe(`x_${long.slice(0, MAX_WORD_LENGTH)} _ y_z`);
    expect(wordPairs('one')).toBe('');
  });

  it('asks a search of words between single spaces by its pairs, exact when its first word is asked', () => {
    const pairs = searchPairs('so this and', ['so', 'kaso'])!;
    expect(pairs).toEqual({ first: ['so_this', 'kaso_this'], rest: ['this_and'], exact: true });
    expect(ftsPairs(pairs)).toBe('"so_this this_and"* OR "kaso_this this_and"*');
    expect(tsPairs(pairs)).toBe(`('so_this' | 'kaso_this') & 'this_and':*`);
    const two = searchPairs('they to', ['they'])!;
    expect(ftsPairs(two)).toBe('"they_to"*');
    expect(tsPairs(two)).toBe(`'they_to':*`);
    expect(tsPairs(searchPairs('myl to', ['kamyl', 'myl'])!)).toBe(`('kamyl_to':* | 'myl_to':*)`);
    // The first word not asked (it ends too many words): the rest's pairs, a filter only.
    expect(searchPairs('is not not', undefined)).toEqual({
      first: ['not_not'],
      rest: [],
      exact: false,
    });
    expect(searchPairs('is not', undefined)).toBeUndefined();
  });

  it('asks a search of three words or more by its triples on PostgreSQL, exact for three (0023)', () => {
    const three = searchTriples('so this and', ['so', 'kaso'])!;
    expect(three).toEqual({ first: ['so_this_and', 'kaso_this_and'], rest: [], exact: true });
    expect(tsPairs(three)).toBe(`('so_this_and':* | 'kaso_this_and':*)`);
    const four = searchTriples('so this and that', ['so'])!;
    expect(four).toEqual({ first: ['so_this_and'], rest: ['this_and_that'], exact: true });
    expect(tsPairs(four)).toBe(`'so_this_and' & 'this_and_that':*`);
    // The first word not asked: the rest's triples, a filter only (four words or more).
    expect(searchTriples('is not not a', undefined)).toEqual({
      first: ['not_not_a'],
      rest: [],
      exact: false,
    });
    expect(searchTriples('is not not', undefined)).toBeUndefined();
    expect(searchTriples('so this', ['so'])).toBeUndefined();
    for (const folded of ['so this, and', 'so  this and', `so this ${'w'.repeat(41)}`]) {
      expect(searchTriples(folded, ['so']), folded).toBeUndefined();
    }
    const words = (count: number) => Array.from({ length: count }, () => 'the').join(' ');
    expect(searchTriples(words(MAX_PHRASE_WORDS), ['the'])?.rest).toHaveLength(
      MAX_PHRASE_WORDS - 3,
    );
    expect(searchTriples(words(MAX_PHRASE_WORDS + 1), ['the'])).toBeUndefined();
  });

  it('asks no pairs of a search with other characters, a long word, or too many words', () => {
    for (const folded of [
      'closures, and why',
      'so  this',
      ' so this',
      'so this ',
      'so ёthis',
      'so',
    ]) {
      expect(searchPairs(folded, ['so']), folded).toBeUndefined();
    }
    expect(searchPairs(`so ${'w'.repeat(MAX_WORD_LENGTH + 1)}`, ['so'])).toBeUndefined();
    const words = (count: number) => Array.from({ length: count }, () => 'the').join(' ');
    expect(searchPairs(words(MAX_PHRASE_WORDS), ['the'])?.rest).toHaveLength(MAX_PHRASE_WORDS - 2);
    expect(searchPairs(words(MAX_PHRASE_WORDS + 1), ['the'])).toBeUndefined();
  });
});
