import type { Toast } from 'react-hot-toast';
import { toast } from './toast';
import styles from './undo-toast.module.css';

/** The undo each success toast on screen offers, by toast id: run at most once. */
const offered = new Map<string, () => void>();

/** The key that runs the newest toast's Undo (while its toast shows); see lib/shortcuts. */
export const UNDO_KEY = 'z';

/**
 * Shows the success toast `id` with 'Undo' beside its text. The text itself stays product §8's,
 * word for word. The button (or the UNDO_KEY shortcut) closes the toast and runs `undo`, which
 * toasts its own progress.
 */
export function toastUndoable(id: string, text: string, undo: () => void): void {
  offered.set(id, undo);
  function UndoToast(current: Toast) {
    return (
      <span className={styles.row}>
        <span>{text}</span>
        <button
          type="button"
          className={styles.undo}
          aria-keyshortcuts={UNDO_KEY}
          title={`Undo (${UNDO_KEY})`}
          onClick={() => runUndo(current.id)}
        >
          Undo
        </button>
      </span>
    );
  }
  toast.success(UndoToast, { id });
}

/** Closes toast `id` and runs its undo, once: a second press or key finds nothing to run. */
function runUndo(id: string): void {
  const undo = offered.get(id);
  offered.delete(id);
  seenShown.delete(id);
  toast.dismiss(id);
  undo?.();
}

/**
 * Runs the Undo of the newest of `toasts` (newest first, as the toaster keeps them) that shows
 * one. Resolves to whether there was one.
 */
export function undoNewest(toasts: readonly Toast[]): boolean {
  const newest = toasts.find((item) => item.visible && offered.has(item.id));
  if (!newest) return false;
  runUndo(newest.id);
  return true;
}

/** The toasts with an undo that the toaster has shown: one no longer shown has left the screen. */
const seenShown = new Set<string>();

/**
 * Forgets the undo of every toast that has left the screen (timed out, dismissed or replaced):
 * listed as hidden, or shown before and gone now. A toast the toaster has not drawn yet keeps its
 * undo: toasts come a moment after they are asked for (lib/toast.ts loads the library with the
 * first one), and a fast removal offers its undo before the toaster has drawn its toast.
 */
export function forgetHiddenUndoes(toasts: readonly Toast[]): void {
  const listed = new Map(toasts.map((item) => [item.id, item.visible]));
  for (const id of offered.keys()) {
    const visible = listed.get(id);
    if (visible) seenShown.add(id);
    else if (visible === false || seenShown.has(id)) {
      offered.delete(id);
      seenShown.delete(id);
    }
  }
}
