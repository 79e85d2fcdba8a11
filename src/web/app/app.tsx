import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes, StaticRouter } from 'react-router';
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
import { matchScreen, SCREENS, type Screen } from '../lib/screens';

/** The page modules screens.ts names, each its own chunk, by their path from the project root. */
const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>([
  '/src/web/pages/*-page.tsx',
  '!/src/web/pages/home-page.tsx',
  '/src/web/features/*/components/*-page.tsx',
]);

/** The page modules the build makes a chunk of each (a screen's page must be one, and each one a page). */
export const PAGE_FILES = Object.keys(PAGE_MODULES).map((key) => key.slice(1));

/** The module of a screen's page, loaded lazily (lazy-page.tsx). */
function pageOf(module: string): LazyPage {
  const load = PAGE_MODULES[`/${module}`];
  if (!load) throw new Error(`${module} is no page module (screens.ts)`);
  return lazyPage(load);
}

/** product §2's screens but Home (screens.ts), each loaded on first use (lazy-page.tsx). */
const PAGES: Record<string, LazyPage> = Object.fromEntries(
  Object.values(SCREENS as Record<string, Screen>).flatMap((screen) =>
    screen.page ? [[screen.path, pageOf(screen.page)]] : [],
  ),
);

/** Loads the screen at this path ahead (none for Home, which is in the first bundle). */
export function preloadPage(pathname: string): Promise<void> {
  const path = matchScreen(pathname)?.screen.path;
  const page = path === undefined ? undefined : PAGES[path];
  return page ? page.preload() : Promise.resolve();
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
