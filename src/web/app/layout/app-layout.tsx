import { useCallback, useRef, useState } from 'react';
import { Outlet } from 'react-router';
import { ConnectionBanner } from './connection-banner';
import { FocusReturn } from './focus-return';
import { Sidebar } from './sidebar';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';
import styles from './layout.module.css';

/** The shared chrome around every screen. */
export function AppLayout() {
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skipLink}>
        Skip to content
      </a>
      <TopBar
        sidebarOpen={sidebarOpen}
        onToggleSidebar={() => setSidebarOpen((open) => !open)}
        menuButtonRef={menuButton}
      />
      <Sidebar open={sidebarOpen} onClose={closeSidebar} opener={menuButton} />
      <main id="main" className={styles.main} tabIndex={-1}>
        <ConnectionBanner />
        <Outlet />
      </main>
      <TabBar />
      <FocusReturn />
    </div>
  );
}
