import { describe, expect, it } from 'vitest';
import { seedVideos } from '../api/seed/videos';
import { videoSchema } from './entities';
import { sameVideo, videoFieldNames, videoOf } from './video-fields';

const video = { ...seedVideos[0]! };

describe('the video field map', () => {
  it('is the contract: videoSchema has its fields, in its order', () => {
    expect(Object.keys(videoSchema.shape)).toEqual(videoFieldNames);
  });

  it('makes an unknown optional field absent, never undefined', () => {
    const made = videoOf((name) => (name === 'duration' ? undefined : video[name]));
    expect('duration' in made).toBe(false);
    expect(videoOf((name) => (name === 'duration' ? null : video[name]))).toEqual(made);
  });

  it('counts an undefined optional field as the same video as an absent one (no update)', () => {
    expect(sameVideo({ ...video, duration: undefined }, video)).toBe(true);
    expect(sameVideo({ ...video, duration: 60 }, video)).toBe(false);
    expect(sameVideo({ ...video, title: 'Other' }, video)).toBe(false);
  });
});
