import { describe, expect, it } from 'vitest';
import type { Note, Video } from '../../../contract/entities';
import { notebookGroups } from './notebook';

const video = (id: string, title: string) => ({ _id: id, title }) as Video;
const note = (id: string, videoId: string, content: string, time?: number): Note => ({
  _id: id,
  videoId,
  content,
  ...(time === undefined ? {} : { time }),
});

describe('the notebook', () => {
  const videos = new Map([
    ['a', video('a', 'Closures explained')],
    ['b', video('b', 'Crème of CSS')],
  ]);
  // Oldest first, as the server keeps them.
  const notes = [
    note('1', 'a', 'first', 5),
    note('2', 'b', 'grid areas'),
    note('3', 'a', 'later', 9),
  ];

  it('groups the notes by video, newest first', () => {
    expect(notebookGroups(notes, videos)).toEqual([
      { videoId: 'a', video: videos.get('a'), notes: [notes[2], notes[0]] },
      { videoId: 'b', video: videos.get('b'), notes: [notes[1]] },
    ]);
  });

  it('searches note texts and video titles without case or accents', () => {
    expect(notebookGroups(notes, videos, 'GRID').map((group) => group.notes)).toEqual([[notes[1]]]);
    expect(notebookGroups(notes, videos, 'creme')[0]?.videoId).toBe('b');
    expect(notebookGroups(notes, videos, 'closures')[0]?.notes).toHaveLength(2);
    expect(notebookGroups(notes, new Map(), 'closures')).toEqual([]);
  });
});
