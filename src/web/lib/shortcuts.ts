import { useEffect, useRef } from 'react';

type Handler = () => void;

/** Handlers by key; the most recently mounted one for a key wins. */
const registry = new Map<string, { current: Handler }[]>();

/** Like on the watch page: Shift+L, since YouTube's l moves the video on 10 s. */
export const LIKE_KEY = 'L';

/** The single-key shortcuts, for the help dialog. */
export const shortcutHelp: { key: string; action: string }[] = [
  { key: '/', action: 'Search videos' },
  { key: 'k or Space', action: 'Play or pause' },
  { key: 'j', action: 'Back 10 seconds' },
  { key: 'l', action: 'Forward 10 seconds' },
  { key: 'f', action: 'Full screen' },
  { key: '0–9', action: 'Jump to 0–90% of the video' },
  { key: 'Shift + L', action: 'Like or unlike the video' },
  { key: 'w', action: 'Save to or remove from Watch later' },
  { key: 'n', action: 'Write a new note' },
  { key: 'Ctrl or ⌘ + Enter', action: 'Save the note being written or edited' },
  { key: 'Escape', action: "Cancel a note's edit, or close the mini player" },
  { key: 'z', action: 'Undo the removal a toast shows' },
  { key: '?', action: 'Show these shortcuts' },
];

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** A focused control that Space presses (a button, link, checkbox, menu item, summary). */
function isControl(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return (
    target.closest(
      'button, a[href], summary, input, [role="button"], [role="menuitem"], [role="checkbox"], [role="switch"], [role="tab"], [role="option"]',
    ) !== null
  );
}

/**
 * Listens for shortcuts on the page. Keys typed into a field, keys with Ctrl/Alt/Meta, and keys
 * pressed while the YouTube player has focus (they never reach this document) are left alone.
 */
export function installShortcutListener(target: Document = document): () => void {
  const listener = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
    // Space on a focused button, link or box presses it, as the browser does.
    if (event.key === ' ' && isControl(event.target)) return;
    const handler = registry.get(event.key)?.at(-1);
    if (!handler) return;
    event.preventDefault();
    handler.current();
  };
  target.addEventListener('keydown', listener);
  return () => target.removeEventListener('keydown', listener);
}

/** Binds a key to a handler while the component is mounted. */
export function useShortcut(key: string, handler: Handler): void {
  useShortcuts([key], handler);
}

/**
 * Binds several keys to one handler, told which key was pressed, while the component is mounted
 * (`keys` is read at mount: a fixed list).
 */
export function useShortcuts(keys: readonly string[], handler: (key: string) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  const named = keys.join('\u0000');
  useEffect(() => {
    const entries = named.split('\u0000').map((key) => ({
      key,
      entry: { current: () => ref.current(key) },
    }));
    for (const { key, entry } of entries) registry.set(key, [...(registry.get(key) ?? []), entry]);
    return () => {
      for (const { key, entry } of entries) {
        registry.set(
          key,
          (registry.get(key) ?? []).filter((item) => item !== entry),
        );
      }
    };
  }, [named]);
}
