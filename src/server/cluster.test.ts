import { describe, expect, it } from 'vitest';
import { restartDelay } from './cluster';

describe('restartDelay', () => {
  it('replaces a worker that had lived at once, and backs off while workers keep dying young', () => {
    expect(restartDelay(0)).toBe(0);
    expect([1, 2, 3, 4, 5].map(restartDelay)).toEqual([250, 500, 1_000, 2_000, 4_000]);
    expect(restartDelay(8)).toBe(30_000);
    expect(restartDelay(1_000)).toBe(30_000);
  });
});
