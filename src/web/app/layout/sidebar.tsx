import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { navLinks } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import styles from './layout.module.css';

interface SidebarProps {
  /** Mobile only: whether the slide-in sidebar is shown. */
  open: boolean;
  onClose: () => void;
}

/** SPEC §2: a fixed side nav on desktop, a slide-in sidebar on mobile. */
export function Sidebar({ open, onClose }: SidebarProps) {
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open, onClose]);

  return (
    <>
      {open && <div className={styles.scrim} onClick={onClose} aria-hidden />}
      <nav
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
