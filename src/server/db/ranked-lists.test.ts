import { describe, expect, it } from 'vitest';
import { RankedLists } from './ranked-lists';

describe('RankedLists', () => {
  it('serves a list to requests of the same or a smaller count limit, in its version only', () => {
    const lists = new RankedLists();
    lists.set('v1', 'title:css', 1_000, [3, 1, 2]);
    expect(lists.get('v1', 'title:css', 1_000)).toEqual([3, 1, 2]);
    expect(lists.get('v1', 'title:css', 24)).toEqual([3, 1, 2]);
    expect(lists.get('v1', 'title:css', 2_000)).toBeUndefined();
    expect(lists.get('v2', 'title:css', 1_000)).toBeUndefined();
    lists.set('v2', 'title:js', 1_000, [9]);
    expect(lists.get('v2', 'title:css', 1_000)).toBeUndefined();
  });

  it('forgets the least recently used beyond its entries or positions', () => {
    const lists = new RankedLists(2, 100);
    lists.set('v', 'a', 10, [1]);
    lists.set('v', 'b', 10, [2]);
    expect(lists.get('v', 'a', 10)).toEqual([1]);
    lists.set('v', 'c', 10, [3]);
    expect(lists.get('v', 'b', 10)).toBeUndefined();
    expect(lists.get('v', 'a', 10)).toEqual([1]);
    lists.set(
      'v',
      'big',
      10,
      Array.from({ length: 10 }, (_, index) => index),
    );
    lists.set(
      'v',
      'big2',
      10,
      Array.from({ length: 10 }, (_, index) => index),
    );
    expect(lists.get('v', 'a', 10)).toBeUndefined();
    expect(lists.get('v', 'big', 10)).toHaveLength(10);
    expect(lists.get('v', 'big2', 10)).toHaveLength(10);
    // A list longer than a tenth of the positions held is not kept at all.
    lists.set(
      'v',
      'huge',
      10,
      Array.from({ length: 11 }, (_, index) => index),
    );
    expect(lists.get('v', 'huge', 10)).toBeUndefined();
  });

  it('keeps the transcript moments read for a list with it, in its version only, within the bound', () => {
    const lists = new RankedLists(10, 100);
    const moment = { videoId: 'a', start: 4, text: 'said here' };
    lists.set('v', 'text:said', 1_000, [-1, -2]);
    expect(lists.momentsOf('v', 'text:said')?.size).toBe(0);
    lists.keepMoments('v', 'text:said', [1, 2], new Map([[1, moment]]));
    expect([...(lists.momentsOf('v', 'text:said') ?? [])]).toEqual([
      [1, moment],
      [2, null],
    ]);
    expect(lists.momentsOf('v2', 'text:said')).toBeUndefined();
    expect(lists.momentsOf('v', 'text:other')).toBeUndefined();
    // A long line counts against the bound: the list goes with its moments.
    const long = { videoId: 'b', start: 0, text: 'x'.repeat(64 * 200) };
    lists.keepMoments('v', 'text:said', [3], new Map([[3, long]]));
    expect(lists.get('v', 'text:said', 1_000)).toBeUndefined();
  });
});
