import { describe, expect, it } from 'vitest';
import {
  CHUNK_CHARACTERS,
  CHUNK_OVERLAP,
  cueLengthsOf,
  transcriptChunks,
} from './transcript-chunks';
import { packTranscript } from '../../api/catalogue/transcript-text';

describe('transcript chunks (PostgreSQL search rows)', () => {
  const lines = Array.from({ length: 900 }, (_, line) =>
    `line ${line} `.repeat(1 + (line % 9)).trim(),
  );
  const cues = lines.map((text, line) => ({ start: line, end: line + 1, text }));
  const { text, timing } = packTranscript(cues);
  const chunks = transcriptChunks(text, cueLengthsOf(timing));

  it('holds every text of up to CHUNK_OVERLAP characters whole in one chunk', () => {
    for (let start = 0; start < text.length; start += 37) {
      for (const length of [3, 50, CHUNK_OVERLAP]) {
        const said = text.slice(start, start + length);
        expect(chunks.some((chunk) => chunk.includes(said))).toBe(true);
      }
    }
  });

  it('keeps each chunk under PostgreSQL’s 2 KB TOAST threshold for lines of speech', () => {
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_CHARACTERS + CHUNK_OVERLAP + 120);
      expect(Buffer.byteLength(chunk)).toBeLessThan(2_000);
    }
    expect(chunks[0]!.startsWith('line 0')).toBe(true);
    expect(text.endsWith(chunks.at(-1)!.slice(-50))).toBe(true);
  });

  it('gives a short transcript one chunk, and an empty one none', () => {
    expect(transcriptChunks('hello there', [5, 5])).toEqual(['hello there']);
    expect(transcriptChunks('', [])).toEqual([]);
  });
});
