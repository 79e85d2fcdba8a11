import { Clock } from 'lucide-react';
import { watchLaterTexts } from '../features/watch-later/watch-later-service';
import { useLibraryRetry } from '../data/library';
import { useVideos } from '../state/use-store';
import { VideoListScreen } from './video-list-screen';
import { SCREENS } from '../lib/screens';

/** /watch-later. */
export default function WatchLaterPage() {
  const { state } = useVideos();
  const retryLibrary = useLibraryRetry();
  return (
    <VideoListScreen
      title={watchLaterTexts.heading}
      documentTitle={SCREENS['watch-later'].title}
      videos={state.watchLater}
      emptyText={watchLaterTexts.empty}
      emptyTitle="Nothing saved for later"
      emptyIcon={Clock}
      loading={state.library.watchLater.loading}
      error={state.library.watchLater.error}
      onRetry={retryLibrary}
    />
  );
}
