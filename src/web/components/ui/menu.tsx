import { Suspense, lazy, useCallback, useId, useRef, useState } from 'react';
import { MoreVertical } from 'lucide-react';
import { retryingImport } from '../../lib/retrying-import';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import type { MenuItem, MenuPopupProps } from './menu-list';
import { MenuSheet } from './menu-sheet';
import styles from './menu.module.css';

export type { MenuItem } from './menu-list';

/** The dropdown and its positioning library load on the first hover, focus or opening. */
const loadDropdown = retryingImport(() => import('./menu-dropdown'));
const MenuDropdown = lazy(loadDropdown);
const preloadDropdown = () => void loadDropdown();

interface MenuProps {
  items: MenuItem[];
  /** The button's and the menu's accessible name. */
  label?: string;
  /** What the items act on (a video's title), shown at the top of the phones' bottom sheet. */
  title?: string;
}

/**
 * A three-dots menu button (accessible name 'More actions' by default). Open, it is a dropdown
 * placed against the button that flips and shifts to stay inside the window; on phones, a bottom
 * sheet over a backdrop. Either way: arrow keys move between items, Home/End jump, Escape and Tab
 * close it, and closing returns focus to the button.
 */
export function Menu({ items, label = 'More actions', title }: MenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  return (
    <div className={styles.wrapper}>
      <button
        ref={button}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={preloadDropdown}
        onFocus={preloadDropdown}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <MoreVertical aria-hidden size={20} />
      </button>
      {open && (
        <MenuPopup
          id={menuId}
          label={label}
          items={items}
          title={title}
          trigger={button}
          onClose={close}
        />
      )}
    </div>
  );
}

/** Phones get the bottom sheet, wider windows the dropdown. */
function MenuPopup(props: MenuPopupProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  if (phone) return <MenuSheet {...props} />;
  return (
    <Suspense fallback={null}>
      <MenuDropdown {...props} />
    </Suspense>
  );
}
