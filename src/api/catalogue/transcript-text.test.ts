import { describe, expect, it } from 'vitest';
import { findMoment, findPackedMoment, packTranscript, unpackTranscript } from './transcript-text';

const cues = [
  { start: 0.5, end: 2, text: 'Welcome back.' },
  { start: 2, end: 4.25, text: 'Today: closures' },
  { start: 4.25, end: 9, text: 'and why they MATTER.' },
];

describe('transcripts as stored and searched', () => {
  it('packs cues into one text and their times, and back', () => {
    const packed = packTranscript(cues);
    expect(packed.text).toBe('Welcome back. Today: closures and why they MATTER.');
    expect(unpackTranscript(packed)).toEqual(cues);
    expect(unpackTranscript(packTranscript([]))).toEqual([]);
  });

  it('finds the line where a text starts to be said, packed or not, also across two lines', () => {
    const packed = packTranscript(cues);
    for (const [query, start] of [
      ['welcome', 0.5],
      ['back. today', 0.5],
      ['closures and why', 2],
      ['matter.', 4.25],
    ] as const) {
      expect(findMoment('v', cues, query)?.start, query).toBe(start);
      expect(findPackedMoment('v', packed, query), query).toEqual(findMoment('v', cues, query));
    }
    expect(findPackedMoment('v', packed, 'nowhere')).toBeUndefined();
    const accented = [
      { start: 1, end: 2, text: 'Crème' },
      { start: 2, end: 3, text: 'brûlée' },
    ];
    expect(findPackedMoment('v', packTranscript(accented), 'creme brulee')).toEqual({
      videoId: 'v',
      start: 1,
      text: 'Crème',
    });
  });
});
