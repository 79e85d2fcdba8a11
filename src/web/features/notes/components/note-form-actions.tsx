import { notesTexts } from '../notes-service';
import styles from './notes-panel.module.css';

interface NoteFormActionsProps {
  /** The row's layout: an edited note's or the new note's box. */
  className: string | undefined;
  /** The button before Save: an edit's Cancel, the new note's Export. */
  other: { label: string; onClick: () => void; disabled?: boolean };
  /** A save is running: Save is off. */
  saving: boolean;
}

/** A note form's last row: one other action, then Save, which submits the form. */
export function NoteFormActions({ className, other, saving }: NoteFormActionsProps) {
  return (
    <div className={className}>
      <button
        type="button"
        className={styles.linkButton}
        disabled={other.disabled}
        onClick={other.onClick}
      >
        {other.label}
      </button>
      <button type="submit" className={styles.save} disabled={saving}>
        {notesTexts.save}
      </button>
    </div>
  );
}
