import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import type { Note } from '../../../../contract/entities';
import { formatTime } from '../../../lib/format';
import { usePlayer } from '../../../lib/player-context';
import { useSingleFlight } from '../../../lib/use-single-flight';
import { noteLabel } from '../note-label';
import { timeLink } from '../notes-markdown';
import { notesTexts } from '../notes-service';
import { NoteBox, saveOnCtrlEnter, type NoteBoxMode } from './note-box';
import { NoteContent } from './note-content';
import styles from './notes-panel.module.css';

/** A note's button name: the action, its moment in the video, if any, and what it reads like. */
function noteButtonLabel(action: string, note: Note): string {
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

interface NoteItemProps {
  note: Note;
  videoId: string;
  /** This note's edit, while it is edited. */
  edit: NoteEdit | undefined;
  onEdit: () => void;
  onEditChange: (edit: NoteEdit) => void;
  onEditEnd: () => void;
  /** Saves the edit; resolves to whether it was saved. */
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
}

/**
 * One note of the watch page's list: its moment, its Markdown, Edit and Delete. Edit turns it into
 * a box with Write / Preview, Save (or Ctrl/⌘+Enter) and Cancel (or Escape); the focus goes to the
 * box, and back to Edit when the edit ends. A failed save keeps the box and its text.
 */
export function NoteItem({ note, videoId, edit, ...actions }: NoteItemProps) {
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
    <li className={styles.note}>
      {note.time !== undefined && (
        <a
          className={styles.time}
          href={timeLink(videoId, note.time)}
          aria-label={`Play from ${formatTime(note.time)}`}
          onClick={(event) => {
            if (note.time !== undefined && player.seekTo(note.time)) event.preventDefault();
          }}
        >
          {formatTime(note.time)}
        </a>
      )}
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
              videoId={videoId}
              fieldRef={field}
              rows={Math.min(12, Math.max(3, edit.text.split('\n').length + 1))}
            />
            <div className={styles.editActions}>
              <button type="button" className={styles.linkButton} onClick={actions.onEditEnd}>
                {notesTexts.cancel}
              </button>
              <button type="submit" className={styles.save} disabled={saving.busy}>
                {notesTexts.save}
              </button>
            </div>
          </form>
        ) : (
          <NoteContent content={note.content} videoId={videoId} onSeek={player.seekTo} />
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
          <button
            type="button"
            className={styles.iconAction}
            aria-label={noteButtonLabel('Delete', note)}
            onClick={actions.onDelete}
          >
            <Trash2 aria-hidden size={18} />
          </button>
        </div>
      )}
    </li>
  );
}
