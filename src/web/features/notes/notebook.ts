import type { Note, Video } from '../../../contract/entities';

/** One video's notes in the notebook (/notes), newest first. */
export interface NotebookGroup {
  videoId: string;
  video?: Video;
  notes: Note[];
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The user's notes (kept oldest first) grouped by video, newest first: the video with the newest
 * note leads, each group's notes newest first. With a search, a note is kept when its text or its
 * video's title holds the search (any case, any accents).
 */
export function notebookGroups(
  notes: readonly Note[],
  videos: ReadonlyMap<string, Video>,
  search = '',
): NotebookGroup[] {
  const query = folded(search.trim());
  const groups = new Map<string, NotebookGroup>();
  for (const note of [...notes].reverse()) {
    const video = videos.get(note.videoId);
    const kept =
      query === '' ||
      folded(note.content).includes(query) ||
      (video !== undefined && folded(video.title).includes(query));
    if (!kept) continue;
    let group = groups.get(note.videoId);
    if (!group) {
      group = { videoId: note.videoId, ...(video ? { video } : {}), notes: [] };
      groups.set(note.videoId, group);
    }
    group.notes.push(note);
  }
  return [...groups.values()];
}
