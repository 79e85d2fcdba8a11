import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { LoadingCards } from '../components/ui/loading-cards';
import { DataProvider } from '../data/data-provider';
import { HomePage } from '../pages/home-page';
import { StoreProvider } from '../state/store-provider';
import { AppToaster } from './app-toaster';
import { retryingImport } from '../lib/retrying-import';
import { ErrorBoundary } from './error-boundary';
import { NewPageAtTop } from './new-page-at-top';
import { SaveToPlaylistProvider } from './save-to-playlist-provider';
import { SessionGuard } from './session-guard';
import { ShortcutsHelp } from './shortcuts-help';
import { AppLayout } from './layout/app-layout';

const TrendingPage = lazy(retryingImport(() => import('../pages/trending-page')));
const WatchPage = lazy(retryingImport(() => import('../pages/watch-page')));
const LikedVideosPage = lazy(retryingImport(() => import('../pages/liked-videos-page')));
const HistoryPage = lazy(retryingImport(() => import('../pages/history-page')));
const WatchLaterPage = lazy(retryingImport(() => import('../pages/watch-later-page')));
const PlaylistsPage = lazy(retryingImport(() => import('../pages/playlists-page')));
const PlaylistPage = lazy(retryingImport(() => import('../pages/playlist-page')));
const ResultsPage = lazy(retryingImport(() => import('../pages/results-page')));
const ChannelPage = lazy(retryingImport(() => import('../pages/channel-page')));
const ProfilePage = lazy(retryingImport(() => import('../pages/profile-page')));
const LoginPage = lazy(retryingImport(() => import('../features/auth/components/login-page')));
const SignupPage = lazy(retryingImport(() => import('../features/auth/components/signup-page')));
const TesterPage = lazy(retryingImport(() => import('../features/tester/components/tester-page')));

/**
 * The app: stores, the query cache (src/web/data), the shared chrome and product §2's routes
 * (non-home screens load lazily; a screen whose file cannot load waits for the connection, or
 * reloads once after a deploy).
 */
export function App() {
  return (
    <ErrorBoundary>
      <StoreProvider>
        <DataProvider>
          {/* Address changes apply at once: the search box and the home filters in the address move
            together on every key. */}
          <BrowserRouter useTransitions={false}>
            <SaveToPlaylistProvider>
              <NewPageAtTop />
              <SessionGuard />
              <ShortcutsHelp />
              <Routes>
                <Route element={<AppLayout />}>
                  <Route path="/" element={<HomePage />} />
                  <Route path="/trending" element={<Lazy page={<TrendingPage />} />} />
                  <Route path="/results" element={<Lazy page={<ResultsPage />} />} />
                  <Route path="/watch/:videoId" element={<Lazy page={<WatchPage />} />} />
                  <Route path="/channel/:channelName" element={<Lazy page={<ChannelPage />} />} />
                  <Route path="/liked-videos" element={<Lazy page={<LikedVideosPage />} />} />
                  <Route path="/history" element={<Lazy page={<HistoryPage />} />} />
                  <Route path="/watch-later" element={<Lazy page={<WatchLaterPage />} />} />
                  <Route path="/playlist" element={<Lazy page={<PlaylistsPage />} />} />
                  <Route path="/playlist/:playlistId" element={<Lazy page={<PlaylistPage />} />} />
                  <Route path="/profile" element={<Lazy page={<ProfilePage />} />} />
                  <Route path="/login" element={<Lazy page={<LoginPage />} />} />
                  <Route path="/signup" element={<Lazy page={<SignupPage />} />} />
                  <Route path="/mock" element={<Lazy page={<TesterPage />} />} />
                  <Route path="*" element={<Navigate to="/" replace />} />
                </Route>
              </Routes>
            </SaveToPlaylistProvider>
          </BrowserRouter>
          <AppToaster />
        </DataProvider>
      </StoreProvider>
    </ErrorBoundary>
  );
}

function Lazy({ page }: { page: ReactNode }) {
  return <Suspense fallback={<LoadingCards />}>{page}</Suspense>;
}
