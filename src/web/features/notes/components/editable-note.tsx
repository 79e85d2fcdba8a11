import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Pencil } from 'lucide-react';
import type { Note } from '../../../../contract/entities';
import { formatTime } from '../../../lib/format';
import { usePlayer } from '../../../lib/player-context';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { noteLabel } from '../note-label';
import { notesTexts } from '../notes-service';
import { NoteBox, saveOnCtrlEnter, type NoteBoxMode } from './note-box';
import { NoteContent } from './note-content';
import { NoteFormActions } from './note-form-actions';
import styles from './notes-panel.module.css';

/** A note's button name: the action, its moment in the video, if any, and what it reads like. */
export function noteButtonLabel(action: string, note: Note): string {
  const at = note.time === undefined ? '' : ` at ${formatTime(note.time)}`;
  const label = noteLabel(note.content);
  return `${action} note${at}${label ? `: ${label}` : ''}`;
}

/** A note being edited: its text so far and whether it is previewed. */
export interface NoteEdit {
  noteId: string;
  text: string;
  mode: NoteBoxMode;
}

/** What a note needs to be edited in place (use-note-edits.ts gives it for each note). */
export interface NoteEditing {
  note: Note;
  /** This note's edit, while it is edited. */
  edit: NoteEdit | undefined;
  onEdit: () => void;
  onEditChange: (edit: NoteEdit) => void;
  onEditEnd: () => void;
  /** Saves the edit; resolves to whether it was saved. */
  onSave: (text: string) => Promise<boolean>;
}

interface EditableNoteProps extends NoteEditing {
  /** More buttons beside Edit, while the note is not edited (the watch page's Delete). */
  children?: ReactNode;
}

/**
 * A note's Markdown and its Edit button, as the watch page and the notebook (/notes) show them.
 * Edit turns it into a box with Write / Preview, Save (or Ctrl/⌘+Enter) and Cancel (or Escape);
 * the focus goes to the box, and back to Edit when the edit ends. A failed save keeps the box and
 * its text. Renders the note's content and actions; the list item around them is the caller's.
 */
export function EditableNote({ note, edit, children, ...actions }: EditableNoteProps) {
  const player = usePlayer();
  const fieldId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const saving = useSingleFlight();
  const editing = edit !== undefined;
  const wasEditing = useRef(editing);

  useEffect(() => {
    if (editing && !wasEditing.current) field.current?.focus();
    if (!editing && wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const changeMode = (mode: NoteBoxMode) => {
    if (!edit) return;
    actions.onEditChange({ ...edit, mode });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!edit) return;
    const text = edit.text;
    await saving.run(async () => {
      if (await actions.onSave(text)) actions.onEditEnd();
    });
  };

  return (
    <>
      <div className={styles.content}>
        {edit ? (
          <form
            className={styles.form}
            onSubmit={(event) => void handleSubmit(event)}
            onKeyDown={(event) => {
              saveOnCtrlEnter(event);
              if (event.key === 'Escape' && !event.defaultPrevented) {
                // Handled here: the mini player's own Escape leaves it be (use-mini-player.ts).
                event.preventDefault();
                actions.onEditEnd();
              }
            }}
          >
            <NoteBox
              id={fieldId}
              label={noteButtonLabel('Edit', note)}
              switchLabel="Edited note: write or preview"
              value={edit.text}
              onChange={(text) => actions.onEditChange({ ...edit, text })}
              mode={edit.mode}
              onModeChange={changeMode}
              videoId={note.videoId}
              fieldRef={field}
              rows={Math.min(12, Math.max(3, edit.text.split('\n').length + 1))}
            />
            <NoteFormActions
              className={styles.editActions}
              other={{ label: notesTexts.cancel, onClick: actions.onEditEnd }}
              saving={saving.busy}
            />
          </form>
        ) : (
          <NoteContent content={note.content} videoId={note.videoId} onSeek={player.seekTo} />
        )}
      </div>
      {!editing && (
        <div className={styles.noteActions}>
          <button
            ref={editButton}
            type="button"
            className={styles.iconAction}
            aria-label={noteButtonLabel(notesTexts.edit, note)}
            onClick={actions.onEdit}
          >
            <Pencil aria-hidden size={17} />
          </button>
          {children}
        </div>
      )}
    </>
  );
}
