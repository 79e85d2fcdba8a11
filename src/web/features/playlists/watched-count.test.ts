import { describe, expect, it } from 'vitest';
import type { Progress, Video } from '../../../contract/entities';
import { countWatched } from './watched-count';

const video = (_id: string) => ({ _id }) as Video;
const at = (videoId: string, seconds: number, duration?: number) =>
  ({ videoId, seconds, duration, updatedAt: '2026-11-29T00:00:00Z' }) as Progress;

describe('how many videos of a playlist were watched', () => {
  it('counts a position at 90% of a known length or more, as courses do', () => {
    const videos = [video('a'), video('b'), video('c'), video('d')];
    const positions = [at('a', 90, 100), at('b', 89, 100), at('c', 500), at('x', 100, 100)];
    expect(countWatched(videos, positions)).toBe(1);
    expect(countWatched(videos, [...positions, at('d', 100, 100)])).toBe(2);
  });
});
