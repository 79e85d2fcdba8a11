import { useState } from 'react';
import type { Note } from '../../../contract/entities';
import { useVideos } from '../../state/use-store';
import type { NoteEdit, NoteEditing } from './components/editable-note';
import { editNote, notesTexts } from './notes-service';

/**
 * The edits of a list of notes (the watch page's, the notebook's): one note is edited at a time,
 * switching to another asks first while the edit holds unsaved text, and a save goes through
 * `PATCH /api/user/notes/{noteId}`. `unsaved`: the edit holds text not saved yet (for a leave guard).
 */
export function useNoteEdits(notes: readonly Note[]) {
  const { dispatch } = useVideos();
  const [edit, setEdit] = useState<NoteEdit | undefined>();
  const edited = edit && notes.find((note) => note._id === edit.noteId);
  const unsaved = edited !== undefined && edit?.text !== edited.content;
  const editing = (note: Note): NoteEditing => ({
    note,
    edit: edit?.noteId === note._id ? edit : undefined,
    onEdit: () => {
      if (unsaved && !window.confirm(notesTexts.switchEdit)) return;
      setEdit({ noteId: note._id, text: note.content, mode: 'write' });
    },
    onEditChange: setEdit,
    onEditEnd: () => setEdit(undefined),
    onSave: (text) => editNote(note, text, dispatch),
  });
  return { unsaved, editing };
}
