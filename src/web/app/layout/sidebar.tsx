import { useEffect, useRef, type RefObject } from 'react';
import { NavLink } from 'react-router';
import { navLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import styles from './layout.module.css';

interface SidebarProps {
  /** Mobile only: whether the slide-in sidebar is shown. */
  open: boolean;
  onClose: () => void;
  /** The button that opened it: focus goes back there when it closes. */
  opener: RefObject<HTMLButtonElement | null>;
}

/**
 * product §2: a fixed side nav on desktop, a slide-in sidebar on mobile. The open slide-in keeps
 * the focus inside (Tab wraps around), Escape closes it, and focus goes back to its opener.
 */
export function Sidebar({ open, onClose, opener }: SidebarProps) {
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = nav.current;
    if (!open || !element) return;
    const focusables = () => [...element.querySelectorAll<HTMLElement>('a[href], button')];
    focusables()[0]?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items.at(-1);
      const inside = element.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const button = opener.current;
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      // Back to the menu button, unless a link took the user elsewhere (the page moves focus).
      if (element.contains(document.activeElement)) button?.focus();
    };
  }, [open, onClose, opener]);

  return (
    <>
      {open && <div className={styles.scrim} onClick={onClose} aria-hidden />}
      <nav
        ref={nav}
        id="sidebar"
        className={open ? `${styles.sidebar} ${styles.sidebarOpen}` : styles.sidebar}
        aria-label="Main"
      >
        <ul className={styles.navList}>
          {navLinks.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={to === '/'}
                className={({ isActive }) =>
                  isActive ? `${styles.navLink} ${styles.navLinkActive}` : styles.navLink
                }
                onClick={onClose}
              >
                <Icon aria-hidden size={20} />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <ThemeToggle />
      </nav>
    </>
  );
}
