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
  edit: 'Edit',
  cancel: 'Cancel',
  write: 'Write',
  preview: 'Preview',
  nothingToPreview: 'Nothing to preview yet.',
  keys: 'Ctrl+Enter or ⌘+Enter saves',
  leave: 'Your note is not saved yet. Leave this page anyway?',
  switchEdit: 'Your changes to this note are not saved yet. Edit another note anyway?',
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

/**
 * Changes a note's text (its moment in the video stays); the same toasts as saving a new note.
 * Answers whether it was saved: a failed edit keeps the box open with its text.
 */
export function editNote(note: Note, content: string, dispatch: Dispatchers['videos']) {
  return withToasts(
    { loading: notesTexts.saving, success: notesTexts.saved },
    async () => {
      const { notes } = accept(
        await api.call('PATCH /api/user/notes/{noteId}', {
          params: { noteId: note._id },
          body: { note: { content } },
        }),
        ADDED,
      );
      dispatch({ type: 'EDIT_NOTE', payload: notes });
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
