import { Clock } from 'lucide-react';
import { watchLaterTexts } from '../features/watch-later/watch-later-service';
import { useVideos } from '../state/use-store';
import { VideoListScreen } from './video-list-screen';

/** /watch-later. */
export default function WatchLaterPage() {
  const { state } = useVideos();
  return (
    <VideoListScreen
      title={watchLaterTexts.heading}
      videos={state.watchLater}
      emptyText={watchLaterTexts.empty}
      emptyTitle="Nothing saved for later"
      emptyIcon={Clock}
      loading={state.library.loading}
      error={state.library.error}
    />
  );
}
