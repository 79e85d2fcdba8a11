import { Trash2 } from 'lucide-react';
import { formatTime } from '../../../lib/format';
import { usePlayer } from '../../../lib/player-context';
import { timeLink } from '../notes-markdown';
import { EditableNote, noteButtonLabel, type NoteEditing } from './editable-note';
import styles from './notes-panel.module.css';

interface NoteItemProps extends NoteEditing {
  onDelete: () => void;
}

/**
 * One note of the watch page's list: its moment (which moves the player there), its Markdown,
 * Edit (editable-note.tsx) and Delete.
 */
export function NoteItem({ onDelete, ...editing }: NoteItemProps) {
  const player = usePlayer();
  const { note } = editing;
  return (
    <li className={styles.note}>
      {note.time !== undefined && (
        <a
          className={styles.time}
          href={timeLink(note.videoId, note.time)}
          aria-label={`Play from ${formatTime(note.time)}`}
          onClick={(event) => {
            if (note.time !== undefined && player.seekTo(note.time)) event.preventDefault();
          }}
        >
          {formatTime(note.time)}
        </a>
      )}
      <EditableNote {...editing}>
        <button
          type="button"
          className={styles.iconAction}
          aria-label={noteButtonLabel('Delete', note)}
          onClick={onDelete}
        >
          <Trash2 aria-hidden size={18} />
        </button>
      </EditableNote>
    </li>
  );
}
