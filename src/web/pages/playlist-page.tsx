import { FolderX, ListVideo, Play } from 'lucide-react';
import { Link } from 'react-router';
import buttons from '../components/ui/button.module.css';
import { playlistLabel } from '../features/playlists/playlist-label';
import { playlistPlayTexts, playlistWatchUrl } from '../features/playlists/playlist-play-texts';
import { playlistTexts } from '../features/playlists/playlist-texts';
import { countWatched } from '../features/playlists/watched-count';
import { useLibraryRetry } from '../data/library';
import { usePlaylists, useVideos } from '../state/use-store';
import { LoadState } from './load-state';
import { RequireLogin } from './require-login';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { useDocumentTitle } from '../lib/use-document-title';
import { useFocusAfterRemoval } from '../lib/use-focus-after-removal';
import { useRouteParam } from '../lib/use-route-param';
import { PlaylistVideos } from './playlist-videos';
import styles from './pages.module.css';

/**
 * /playlist/:playlistId: one playlist, titled with its name and video count; its videos in the
 * user's order, which they change (issue 30), how many they watched, and Play all.
 */
export default function PlaylistPage() {
  const playlistId = useRouteParam('/playlist/:playlistId', 'playlistId');
  const { state } = usePlaylists();
  const { library, progress } = useVideos().state;
  const retryLibrary = useLibraryRetry();
  const keepFocus = useFocusAfterRemoval();
  const playlist = state.playlists.find((item) => item._id === playlistId);
  useDocumentTitle(playlist ? playlistLabel(playlist.title) : playlistTexts.heading);

  if (!playlist) {
    return (
      <RequireLogin>
        <LoadState
          loading={library.playlists.loading}
          error={library.playlists.error}
          onRetry={retryLibrary}
        >
          <EmptyState icon={FolderX} title="Playlist not found">
            This playlist does not exist.
          </EmptyState>
        </LoadState>
      </RequireLogin>
    );
  }
  const count = playlist.videos.length;
  const title = `${playlistLabel(playlist.title)} (${count} ${count === 1 ? 'video' : 'videos'})`;
  const first = playlist.videos[0];
  return (
    <RequireLogin>
      <div ref={keepFocus}>
        <PageHeading title={title}>
          {first && (
            <Link className={buttons.primary} to={playlistWatchUrl(first._id, playlist._id)}>
              <Play aria-hidden size={18} />
              {playlistPlayTexts.playAll}
            </Link>
          )}
        </PageHeading>
        {count === 0 ? (
          <EmptyState icon={ListVideo} title="This playlist is empty">
            {playlistTexts.emptyPlaylist}
          </EmptyState>
        ) : (
          <>
            <p className={styles.muted}>
              {playlistPlayTexts.watched(countWatched(playlist.videos, progress), count)}
            </p>
            <PlaylistVideos playlist={playlist} label={title} />
          </>
        )}
      </div>
    </RequireLogin>
  );
}
