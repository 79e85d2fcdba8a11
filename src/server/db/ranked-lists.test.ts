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
});
