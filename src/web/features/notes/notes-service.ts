import type { Note } from '../../../contract/entities';
import { api } from '../../lib/api-client';
import { ADDED, DELETED, accept, withToasts } from '../../lib/notify';
import type { Dispatchers } from '../../state/use-store';

export const notesTexts = {
  heading: 'Notes',
  label: 'Write a note',
  save: 'Save note',
  saving: 'Saving note...',
  saved: 'Note saved successfully!',
  deleting: 'Deleting note...',
  deleted: 'note deleted successfully.',
  empty: 'No note available.',
  loading: 'Loading notes…',
} as const;

/** Saves a note on a video, at a moment in it when known; product §5: no emptiness check. */
export function saveNote(
  videoId: string,
  content: string,
  dispatch: Dispatchers['videos'],
  time?: number,
) {
  return withToasts(
    { loading: notesTexts.saving, success: notesTexts.saved },
    async () => {
      const { notes } = accept(
        await api.call('POST /api/user/notes/{videoId}', {
          params: { videoId },
          body: { note: { content, ...(time === undefined ? {} : { time: Math.floor(time) }) } },
        }),
        ADDED,
      );
      dispatch({ type: 'ADD_NOTE', payload: notes });
    },
    (error) => dispatch({ type: 'ERROR', payload: error }),
  );
}

/** Deletes a note; Undo saves it again (the same text, at the same moment). */
export function deleteNote(note: Note, dispatch: Dispatchers['videos']) {
  return withToasts(
    { loading: notesTexts.deleting, success: notesTexts.deleted },
    async () => {
      const { notes } = accept(
        await api.call('DELETE /api/user/notes/{noteId}', { params: { noteId: note._id } }),
        DELETED,
      );
      dispatch({ type: 'DELETE_NOTE', payload: notes });
    },
    (error) => dispatch({ type: 'ERROR', payload: error }),
    { undo: () => void saveNote(note.videoId, note.content, dispatch, note.time) },
  );
}
