import { NavLink } from 'react-router';
import { Flame, Home, ListVideo, UserCircle } from 'lucide-react';
import styles from './layout.module.css';

/** Phones' bottom tabs, as in YouTube's app: the places a thumb reaches most. */
const tabs = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/trending', label: 'Trending', icon: Flame },
  { to: '/playlist', label: 'Playlist', icon: ListVideo },
  { to: '/profile', label: 'You', icon: UserCircle },
] as const;

/** The bottom tab bar below the desktop width (hidden by CSS from 900 px, where the side nav is). */
export function TabBar() {
  return (
    <nav className={styles.tabBar} aria-label="Tabs">
      {tabs.map(({ to, label, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          end={to === '/'}
          className={({ isActive }) =>
            isActive ? `${styles.tab} ${styles.tabActive}` : styles.tab
          }
        >
          <Icon aria-hidden size={22} />
          {label}
        </NavLink>
      ))}
    </nav>
  );
}
