import { useEffect, useState } from 'react';

/** Marks an item of a list that the user can remove things from (a card, a playlist). */
export const removableItem = { 'data-removable-item': '' } as const;
/** Marks an empty state: its heading takes the focus when a removal leaves the list empty. */
export const emptyStateMark = { 'data-empty-state': '' } as const;

const ITEM = '[data-removable-item]';
const EMPTY_HEADING = '[data-empty-state] :is(h1, h2)';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Where the focus was, within the scope: the element, and its item and control in it. */
interface Place {
  element: Element;
  /** The item's position among the scope's items, and the control's among the item's. */
  item: number;
  control: number;
}

const focusables = (item: Element) => [...item.querySelectorAll<HTMLElement>(FOCUSABLE)];

/**
 * Keeps the keyboard user's place in lists they remove things from. When the element that held the
 * focus goes away with what it removed (a card's menu button, a playlist's trash button, 'Clear
 * History'), and the focus with it, the focus moves to the same control of the item now in its
 * place (the next one), else of the one before; with no item left, to the empty state's heading,
 * else the scope's first heading. Focus the user moved elsewhere is left alone.
 *
 * Returns the ref for the scope: an element that stays while its items come and go (one list or
 * several, as history's days); items are marked with removableItem, empty states with emptyStateMark.
 */
export function useFocusAfterRemoval(): (scope: HTMLElement | null) => void {
  const [scope, setScope] = useState<HTMLElement | null>(null);

  useEffect(() => {
    if (!scope) return;
    let place: Place | null = null;
    const items = () => [...scope.querySelectorAll(ITEM)];

    const onFocusIn = (event: FocusEvent) => {
      const element = event.target as Element;
      // A dialog (the 'Clear History' question) hands the focus back to its opener as it closes:
      // the place stays the opener's.
      if (element.closest('dialog')) return;
      const item = element.closest(ITEM);
      place = item
        ? {
            element,
            item: items().indexOf(item),
            control: focusables(item).indexOf(element as HTMLElement),
          }
        : { element, item: -1, control: -1 };
    };
    const onFocusOut = (event: FocusEvent) => {
      // Leaving for somewhere else is the user's move; a removed element's focus goes nowhere.
      if (event.relatedTarget instanceof Node && !scope.contains(event.relatedTarget)) {
        place = null;
      }
    };
    const observer = new MutationObserver(() => {
      if (!place || place.element.isConnected) return;
      const was = place;
      place = null;
      const active = document.activeElement;
      if (active !== null && active !== document.body) return;
      const left = items();
      const item = was.item < 0 ? undefined : left[Math.min(was.item, left.length - 1)];
      const controls = item ? focusables(item) : [];
      const target =
        controls[was.control] ??
        controls[0] ??
        scope.querySelector<HTMLElement>(EMPTY_HEADING) ??
        scope.querySelector<HTMLElement>('h1, h2');
      if (!target) return;
      // A heading takes the focus from a script only.
      if (!target.matches(FOCUSABLE)) target.tabIndex = -1;
      target.focus();
    });

    scope.addEventListener('focusin', onFocusIn);
    scope.addEventListener('focusout', onFocusOut);
    observer.observe(scope, { childList: true, subtree: true });
    return () => {
      scope.removeEventListener('focusin', onFocusIn);
      scope.removeEventListener('focusout', onFocusOut);
      observer.disconnect();
    };
  }, [scope]);

  return setScope;
}
