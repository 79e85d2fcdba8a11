import { useEffect } from 'react';
import toast, { Toaster, useToaster, type DefaultToastOptions } from 'react-hot-toast';
import { useShortcut } from '../lib/shortcuts';
import { forgetHiddenUndoes, UNDO_KEY, undoNewest } from '../lib/undo-toast';

/** Toasts on screen at once; older ones are dismissed (and deleted a second later) for newer. */
export const VISIBLE_TOASTS = 3;

/**
 * product §9's toast constants (position, durations and the success widths; react-hot-toast's
 * defaults already match the rest), in the app's colours so dark mode gets dark toasts.
 */
const toastOptions: DefaultToastOptions = {
  style: {
    background: 'var(--color-surface)',
    color: 'var(--color-text)',
    border: '1px solid var(--color-border)',
  },
  success: { style: { minWidth: 260, maxWidth: 350 } },
};

/** Below the top bar (3.75rem tall, layout.module.css), so toasts never cover Login or the logo. */
const containerStyle = { top: 'calc(3.75rem + 0.5rem)' };

/**
 * The app's toaster: themed, under the top bar, at most VISIBLE_TOASTS at once. Toasts wait while
 * the pointer is over them (react-hot-toast's own) or the focus is in them, so a keyboard user who
 * tabs to 'Undo' can still press it; UNDO_KEY runs the newest Undo from anywhere.
 */
export function AppToaster() {
  const { toasts, handlers } = useToaster();
  useEffect(() => {
    // Newest first: everything past the limit is the oldest.
    toasts
      .filter((item) => item.visible)
      .slice(VISIBLE_TOASTS)
      .forEach((item) => toast.dismiss(item.id));
    forgetHiddenUndoes(toasts);
  }, [toasts]);
  useShortcut(UNDO_KEY, () => undoNewest(toasts));
  return (
    <div onFocus={handlers.startPause} onBlur={handlers.endPause}>
      <Toaster position="top-right" toastOptions={toastOptions} containerStyle={containerStyle} />
    </div>
  );
}
