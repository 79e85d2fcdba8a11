import { useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import styles from './menu.module.css';

export interface MenuItem {
  label: string;
  onSelect: () => void;
}

/** What an open menu, as a dropdown or a bottom sheet, is given by its button. */
export interface MenuPopupProps {
  id: string;
  label: string;
  items: MenuItem[];
  /** What the items act on (a video's title): the bottom sheet shows it above them. */
  title?: string;
  /** The menu's button: the dropdown is placed against it. */
  trigger: { readonly current: HTMLButtonElement | null };
  /** Closes the menu; `returnFocus` puts the focus back on the button. */
  onClose: (returnFocus: boolean) => void;
}

interface MenuListProps extends Omit<MenuPopupProps, 'title' | 'trigger'> {
  /** Whether the list is in place: its first item takes the focus then. */
  ready: boolean;
  className?: string;
  style?: CSSProperties;
  /** Receives the list's element (the dropdown positions it). */
  onElement?: (element: HTMLUListElement | null) => void;
}

/**
 * The menu itself (role menu, items role menuitem): arrow keys move between items and wrap,
 * Home/End jump, Escape closes it and returns the focus to the button, Tab closes it and lets
 * the focus move on. Choosing an item closes the menu first, then runs the item.
 */
export function MenuList({
  id,
  label,
  items,
  onClose,
  ready,
  className,
  style,
  onElement,
}: MenuListProps) {
  const list = useRef<HTMLUListElement | null>(null);

  const menuItems = () =>
    Array.from(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  const focusItem = (index: number) => {
    const buttons = menuItems();
    if (buttons.length === 0) return;
    buttons[(index + buttons.length) % buttons.length]?.focus();
  };

  useEffect(() => {
    if (ready) list.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [ready]);

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const buttons = menuItems();
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: buttons.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose(true);
    } else if (event.key === 'Tab') {
      onClose(false);
    }
  };

  return (
    <ul
      ref={(element) => {
        list.current = element;
        onElement?.(element);
      }}
      id={id}
      role="menu"
      aria-label={label}
      className={className}
      style={style}
      onKeyDown={handleKeyDown}
    >
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            onClick={() => {
              onClose(true);
              item.onSelect();
            }}
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
