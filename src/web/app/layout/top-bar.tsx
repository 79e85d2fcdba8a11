import { useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Menu as MenuIcon, Search, UserCircle } from 'lucide-react';
import { Modal } from '../../components/ui/modal';
import { logOut } from '../../features/auth/auth-service';
import { useShortcut } from '../../lib/shortcuts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useAuth, useDispatchers } from '../../state/use-store';
import { SearchBox } from './search-box';
import styles from './layout.module.css';

const SEARCH_HINT = 'Search videos related to coding.';

interface TopBarProps {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/** product §2's top bar: brand, search (not on login/signup), profile icon, Login/Logout. */
export function TopBar({ sidebarOpen, onToggleSidebar, menuButtonRef }: TopBarProps) {
  const { state: auth } = useAuth();
  const dispatchers = useDispatchers();
  const { pathname } = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  const showSearch = pathname !== '/login' && pathname !== '/signup';
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const searchInput = useRef<HTMLInputElement>(null);

  useShortcut('/', () => {
    if (!showSearch) return;
    if (desktop) searchInput.current?.focus();
    else setSearchOpen(true);
  });

  return (
    <header className={styles.topBar}>
      <button
        ref={menuButtonRef}
        type="button"
        className={styles.iconButton + ' ' + styles.menuButton}
        aria-label="Menu"
        aria-expanded={sidebarOpen}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <MenuIcon aria-hidden size={22} />
      </button>
      <Link to="/" className={styles.brand}>
        Code<span className={styles.brandAccent}>Tube</span>
      </Link>
      {showSearch && (
        <>
          <div className={styles.desktopSearch}>
            <SearchBox inputRef={searchInput} />
          </div>
          <button
            type="button"
            className={styles.iconButton + ' ' + styles.mobileSearchButton}
            aria-label="Search"
            onClick={() => setSearchOpen(true)}
          >
            <Search aria-hidden size={22} />
          </button>
          <Modal title="Search" open={searchOpen} onClose={() => setSearchOpen(false)}>
            <p className={styles.searchHint}>{SEARCH_HINT}</p>
            <SearchBox autoFocus onDone={() => setSearchOpen(false)} />
          </Modal>
        </>
      )}
      <div className={styles.account}>
        <Link to="/profile" className={styles.iconButton} aria-label="Profile">
          <UserCircle aria-hidden size={26} />
        </Link>
        {auth.isLoggedIn ? (
          <button type="button" className={styles.authButton} onClick={() => logOut(dispatchers)}>
            Logout
          </button>
        ) : (
          <Link to="/login" className={styles.authButton}>
            Login
          </Link>
        )}
      </div>
    </header>
  );
}
