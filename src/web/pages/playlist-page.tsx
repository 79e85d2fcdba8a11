import { FolderX, ListVideo } from 'lucide-react';
import { playlistLabel } from '../features/playlists/playlist-label';
import { playlistTexts } from '../features/playlists/playlist-texts';
import { useLibraryRetry } from '../data/library';
import { usePlaylists, useVideos } from '../state/use-store';
import { VideoListScreen } from './video-list-screen';
import { LoadState } from './load-state';
import { RequireLogin } from './require-login';
import { EmptyState } from '../components/ui/empty-state';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRouteParam } from '../lib/use-route-param';

/** /playlist/:playlistId: one playlist, titled with its name and video count. */
export default function PlaylistPage() {
  const playlistId = useRouteParam('/playlist/:playlistId', 'playlistId');
  const { state } = usePlaylists();
  const { library } = useVideos().state;
  const retryLibrary = useLibraryRetry();
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
  return (
    <VideoListScreen
      title={`${playlistLabel(playlist.title)} (${count} ${count === 1 ? 'video' : 'videos'})`}
      documentTitle={playlistLabel(playlist.title)}
      videos={playlist.videos}
      emptyText={playlistTexts.emptyPlaylist}
      emptyTitle="This playlist is empty"
      emptyIcon={ListVideo}
      loading={false}
      error={undefined}
      place={{ playlistId: playlist._id }}
    />
  );
}
