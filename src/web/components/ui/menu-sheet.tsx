import { useEffect } from 'react';
import { MenuList, type MenuPopupProps } from './menu-list';
import styles from './menu.module.css';

/**
 * The open menu on phones: a sheet fixed to the bottom of the screen, full width, with rows tall
 * enough to tap, over a backdrop that closes it. Its first item takes the focus; Escape, the
 * backdrop and an item close it and return the focus to the menu's button. It slides in unless
 * the user asked for reduced motion.
 */
export function MenuSheet({ id, label, items, title, onClose }: MenuPopupProps) {
  useEffect(() => {
    // Escape also when the focus has left the items (a tap on the sheet's title).
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose(true);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [onClose]);

  return (
    <div className={styles.sheetLayer}>
      <div className={styles.backdrop} aria-hidden onClick={() => onClose(true)} />
      <div className={styles.sheet}>
        <div className={styles.handle} aria-hidden />
        {title && <p className={styles.sheetTitle}>{title}</p>}
        <MenuList
          id={id}
          label={label}
          items={items}
          onClose={onClose}
          ready
          className={styles.sheetMenu}
        />
      </div>
    </div>
  );
}
