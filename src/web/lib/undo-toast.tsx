import toast, { type Toast } from 'react-hot-toast';
import styles from './undo-toast.module.css';

/**
 * A success toast's content with 'Undo' beside the text: the button closes the toast and runs
 * `undo` (which toasts its own progress). The text itself stays product §8's, word for word.
 */
export function undoable(text: string, undo: () => void) {
  function UndoToast(current: Toast) {
    return (
      <span className={styles.row}>
        <span>{text}</span>
        <button
          type="button"
          className={styles.undo}
          onClick={() => {
            toast.dismiss(current.id);
            undo();
          }}
        >
          Undo
        </button>
      </span>
    );
  }
  return UndoToast;
}
