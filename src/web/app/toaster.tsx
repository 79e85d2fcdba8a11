import { useEffect, useLayoutEffect, useRef } from 'react';
import toast, { Toaster, useToaster, type DefaultToastOptions } from 'react-hot-toast';
import { CONNECTION_BANNER, HEADING_WITH_ACTIONS } from '../components/ui/heading-actions';
import { useConnectionStatus } from '../lib/connection';
import { useShortcut } from '../lib/shortcuts';
import { forgetHiddenUndoes, UNDO_KEY, undoNewest } from '../lib/undo-toast';

/** Toasts on screen at once; older ones are dismissed (and deleted a second later) for newer. */
const VISIBLE_TOASTS = 3;

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
const BELOW_TOP_BAR = 'calc(3.75rem + 0.5rem)';

/**
 * Where the toasts start: below the top bar, below the screen's title row when it holds actions
 * ('Create Playlist', 'Clear History') and below the offline banner while it shows, so a toast
 * never covers the button the user may press next (its Retry). The row's place in the page, not in
 * the window: scrolled, the row only rises.
 */
function toastsTop(): string {
  const clear = [BELOW_TOP_BAR];
  const row = document.querySelector(HEADING_WITH_ACTIONS);
  if (row) {
    const bottom = row.getBoundingClientRect().bottom + window.scrollY;
    clear.push(`calc(${Math.ceil(bottom)}px + 0.5rem)`);
  }
  // The offline banner sticks under the top bar: its place in the window, so its Retry stays free.
  const banner = document.querySelector(CONNECTION_BANNER)?.getBoundingClientRect();
  if (banner && banner.height > 0) clear.push(`calc(${Math.ceil(banner.bottom)}px + 0.5rem)`);
  return clear.length === 1 ? BELOW_TOP_BAR : `max(${clear.join(', ')})`;
}

const containerStyle = { top: `var(--toasts-top, ${BELOW_TOP_BAR})` };

/**
 * The app's toaster, loaded with the first toast (app-toaster.tsx): themed, under the top bar and the screen's title actions, at most
 * VISIBLE_TOASTS at once. Toasts wait while the pointer is over them (react-hot-toast's own) or the
 * focus is in them, so a keyboard user who tabs to 'Undo' can still press it; UNDO_KEY runs the
 * newest Undo from anywhere.
 */
export default function AppToasts() {
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
  const box = useRef<HTMLDivElement>(null);
  const showing = toasts.some((item) => item.visible);
  const connection = useConnectionStatus();
  // Placed as each toast comes (the screen under it may have changed since the last one), and as
  // the offline banner comes and goes.
  useLayoutEffect(() => {
    if (showing) box.current?.style.setProperty('--toasts-top', toastsTop());
  }, [toasts, showing, connection]);
  // react-hot-toast keeps one pause, which its own hover handlers start and end: the focus must
  // not end a pause the pointer holds, nor the pointer leaving end one the focus holds.
  const hovered = useRef(false);
  const focused = useRef(false);
  return (
    <div
      ref={box}
      onFocus={() => {
        focused.current = true;
        if (!hovered.current) handlers.startPause();
      }}
      onBlur={() => {
        focused.current = false;
        if (!hovered.current) handlers.endPause();
      }}
      onMouseEnter={() => {
        hovered.current = true;
      }}
      onMouseLeave={() => {
        hovered.current = false;
        // The toaster's own handler has just ended the pause.
        if (focused.current) handlers.startPause();
      }}
    >
      <Toaster position="top-right" toastOptions={toastOptions} containerStyle={containerStyle} />
    </div>
  );
}
