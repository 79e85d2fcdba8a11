import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The app's top bar (3.75rem) covers the page's top: a player under it is out of view. */
const TOP_BAR_PX = 60;

/**
 * The watch page's mini player (issue 30): while the learner writes in a note box (a textarea in
 * `writingArea`) and the player's place (`slot`) is scrolled out of view, the player is pinned to
 * a corner, so the video stays in sight. It stays while the focus moves into the player itself or
 * elsewhere in the notes, and goes when the player's place is back in view, when the focus goes
 * to anything else on the page, or when it is closed (its button, or Escape): then it waits until
 * the player's place has been in view again. The page pins the same element with CSS: moving a
 * YouTube iframe to another parent would reload it.
 */
export function useMiniPlayer(
  slot: RefObject<HTMLElement | null>,
  writingArea: RefObject<HTMLElement | null>,
) {
  const [inView, setInView] = useState(true);
  const [writing, setWriting] = useState(false);
  const [closed, setClosed] = useState(false);
  // Where the focus goes back to when the mini player is closed.
  const box = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = slot.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const visible = entries.at(-1)?.isIntersecting ?? true;
        setInView(visible);
        if (visible) setClosed(false);
      },
      { rootMargin: `-${TOP_BAR_PX}px 0px 0px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [slot]);

  useEffect(() => {
    const focused = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      if (target instanceof HTMLTextAreaElement && writingArea.current?.contains(target)) {
        box.current = target;
        setWriting(true);
      } else if (!slot.current?.contains(target) && !writingArea.current?.contains(target)) {
        setWriting(false);
      }
    };
    document.addEventListener('focusin', focused);
    return () => document.removeEventListener('focusin', focused);
  }, [slot, writingArea]);

  const pinned = writing && !inView && !closed;

  const close = useCallback(() => {
    setClosed(true);
    box.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    if (!pinned) return;
    const pressed = (event: KeyboardEvent) => {
      // A key something else took (an edit's Escape cancels the edit) is not for the player.
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target;
      const ours =
        target === document.body ||
        (target instanceof Node &&
          (slot.current?.contains(target) || writingArea.current?.contains(target)));
      if (!ours) return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', pressed);
    return () => document.removeEventListener('keydown', pressed);
  }, [pinned, close, slot, writingArea]);

  return { pinned, close };
}
