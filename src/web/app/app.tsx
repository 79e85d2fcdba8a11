import { Suspense, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, matchPath, Navigate, Route, Routes, StaticRouter } from 'react-router';
import { LoadingCards } from '../components/ui/loading-cards';
import { DataProvider } from '../data/data-provider';
import { HomePage } from '../pages/home-page';
import { StoreProvider } from '../state/store-provider';
import { AppToaster } from './app-toaster';
import { FirstScreenData } from '../data/first-screen-data';
import { lazyPage, type LazyPage } from './lazy-page';
import { ErrorBoundary } from './error-boundary';
import { NewPageAtTop } from './new-page-at-top';
import { SaveToPlaylistProvider } from './save-to-playlist-provider';
import { SessionGuard } from './session-guard';
import { ShortcutsHelp } from './shortcuts-help';
import { AppLayout } from './layout/app-layout';

/** product §2's screens but Home, each loaded on first use (lazy-page.tsx). */
const PAGES: Record<string, LazyPage> = {
  '/trending': lazyPage(() => import('../pages/trending-page')),
  '/results': lazyPage(() => import('../pages/results-page')),
  '/watch/:videoId': lazyPage(() => import('../pages/watch-page')),
  '/channel/:channelName': lazyPage(() => import('../pages/channel-page')),
  '/liked-videos': lazyPage(() => import('../pages/liked-videos-page')),
  '/history': lazyPage(() => import('../pages/history-page')),
  '/watch-later': lazyPage(() => import('../pages/watch-later-page')),
  '/notes': lazyPage(() => import('../pages/notes-page')),
  '/playlist': lazyPage(() => import('../pages/playlists-page')),
  '/playlist/:playlistId': lazyPage(() => import('../pages/playlist-page')),
  '/courses': lazyPage(() => import('../pages/courses-page')),
  '/course/:slug': lazyPage(() => import('../pages/course-page')),
  '/profile': lazyPage(() => import('../pages/profile-page')),
  '/login': lazyPage(() => import('../features/auth/components/login-page')),
  '/signup': lazyPage(() => import('../features/auth/components/signup-page')),
  '/mock': lazyPage(() => import('../features/tester/components/tester-page')),
};

/** Loads the screen at this path ahead (none for Home, which is in the first bundle). */
export function preloadPage(pathname: string): Promise<void> {
  const path = Object.keys(PAGES).find((pattern) => matchPath(pattern, pathname));
  return path ? PAGES[path]!.preload() : Promise.resolve();
}

export interface AppProps {
  /** The query cache (a server render's, or one hydrated from its data); default: a new one. */
  client?: QueryClient;
  /** A server render: the address to render (a StaticRouter); unset: the browser's. */
  location?: string;
  /**
   * The server's HTML, rendered signed out with the session unknown (a server render sets it
   * too): the first render in the browser matches it, and the stored session comes in after.
   */
  hydrating?: boolean;
}

/**
 * The app: stores, the query cache (src/web/data), the shared chrome and product §2's routes
 * (non-home screens load lazily; a screen whose file cannot load waits for the connection, or
 * reloads once after a deploy).
 */
export function App({ client, location, hydrating = false }: AppProps) {
  const at = new URL(location ?? globalThis.location.href, 'http://localhost');
  const screens = (
    <SaveToPlaylistProvider>
      <NewPageAtTop />
      <SessionGuard />
      <ShortcutsHelp />
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/" element={<HomePage />} />
          {Object.entries(PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Lazy page={<Page />} />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Route>
      </Routes>
    </SaveToPlaylistProvider>
  );
  return (
    <ErrorBoundary>
      <StoreProvider at={at} hydrating={hydrating}>
        <DataProvider client={client}>
          {location === undefined ? (
            // Address changes apply at once: the search box and the home filters in the address
            // move together on every key.
            <BrowserRouter useTransitions={false}>
              <FirstScreenData />
              {screens}
            </BrowserRouter>
          ) : (
            <StaticRouter location={location}>{screens}</StaticRouter>
          )}
          <AppToaster />
        </DataProvider>
      </StoreProvider>
    </ErrorBoundary>
  );
}

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<LoadingCards />}>{page}</Suspense>;
}
