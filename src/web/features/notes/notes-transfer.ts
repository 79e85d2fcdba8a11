import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import type { Note } from '../../../contract/entities';
import { lookUpVideos } from '../../data/reads';
import { api } from '../../lib/api-client';
import { downloadText } from '../../lib/download';
import { ADDED, accept } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';
import { markdownToNotes, notesToMarkdown, sameNote, type PortableNote } from './notes-markdown';

export const transferTexts = {
  exportVideo: 'Export notes',
  exportAll: 'Export all notes',
  import: 'Import notes',
  importing: 'Importing notes...',
  imported: (added: number, skipped: number, failed: number) =>
    `Imported ${added} ${added === 1 ? 'note' : 'notes'}; ${skipped} already there` +
    (failed > 0 ? `; ${failed} could not be imported.` : '.'),
  nothing: 'No CodeTube notes in that file.',
} as const;

/**
 * Downloads notes as Markdown: one video's (with `videoId`) or all of them. The titles come from
 * the videos the notes name, by id (from the query cache, else fetched); a video that cannot be fetched keeps its id.
 */
export async function exportNotes(
  client: QueryClient,
  notes: Note[],
  videoId?: string,
): Promise<void> {
  const chosen = videoId ? notes.filter((note) => note.videoId === videoId) : notes;
  const name = videoId ? `codetube-notes-${videoId}.md` : 'codetube-notes.md';
  const videos = await lookUpVideos(client, [...new Set(chosen.map((note) => note.videoId))]);
  downloadText(name, notesToMarkdown(chosen, videos));
}

/**
 * Imports notes from a Markdown file written by the export. A note already there (same video,
 * moment and text) is skipped, so importing the same file twice adds nothing. One the server
 * refuses (a video no longer in the catalogue) is counted, and the toast, an error then, says how
 * many.
 */
export async function importNotes(
  markdown: string,
  existing: Note[],
  dispatch: Dispatchers['videos'],
): Promise<{ added: number; skipped: number; failed: number }> {
  const incoming = markdownToNotes(markdown);
  if (incoming.length === 0) {
    toast.error(transferTexts.nothing);
    return { added: 0, skipped: 0, failed: 0 };
  }
  const id = toast.loading(transferTexts.importing);
  const known: PortableNote[] = existing.map(({ videoId, content, ...rest }) => ({
    videoId,
    content,
    ...('time' in rest && typeof rest.time === 'number' ? { time: rest.time } : {}),
  }));
  const result = { added: 0, skipped: 0, failed: 0 };
  let latest: Note[] | undefined;
  for (const note of incoming) {
    if (known.some((other) => sameNote(other, note))) {
      result.skipped += 1;
      continue;
    }
    try {
      const { notes } = accept(
        await api.call('POST /api/user/notes/{videoId}', {
          params: { videoId: note.videoId },
          body: {
            note: {
              content: note.content,
              ...(note.time === undefined ? {} : { time: note.time }),
            },
          },
        }),
        ADDED,
      );
      latest = notes;
      known.push(note);
      result.added += 1;
    } catch (error) {
      dispatch({ type: 'ERROR', payload: error });
      result.failed += 1;
    }
  }
  if (latest) dispatch({ type: 'ADD_NOTE', payload: latest });
  const summary = transferTexts.imported(result.added, result.skipped, result.failed);
  if (result.failed > 0) toast.error(summary, { id });
  else toast.success(summary, { id });
  return result;
}
