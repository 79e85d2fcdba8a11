import { useEffect, useRef } from 'react';

type Handler = () => void;

/** Handlers by key; the most recently mounted one for a key wins. */
const registry = new Map<string, { current: Handler }[]>();

/** The single-key shortcuts, for the help dialog. */
export const shortcutHelp: { key: string; action: string }[] = [
  { key: '/', action: 'Search videos' },
  { key: 'l', action: 'Like or unlike the video' },
  { key: 'w', action: 'Save to or remove from Watch later' },
  { key: 'n', action: 'Write a new note' },
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

/**
 * Listens for shortcuts on the page. Keys typed into a field, keys with Ctrl/Alt/Meta, and keys
 * pressed while the YouTube player has focus (they never reach this document) are left alone.
 */
export function installShortcutListener(target: Document = document): () => void {
  const listener = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isTyping(event.target)) return;
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
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const entry = { current: () => ref.current() };
    const list = registry.get(key) ?? [];
    registry.set(key, [...list, entry]);
    return () => {
      registry.set(
        key,
        (registry.get(key) ?? []).filter((item) => item !== entry),
      );
    };
  }, [key]);
}
