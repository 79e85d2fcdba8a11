import { ThumbsUp } from 'lucide-react';
import { useLibraryRetry } from '../data/library';
import { useVideos } from '../state/use-store';
import { VideoListScreen } from './video-list-screen';
import { SCREENS } from '../lib/screens';

/** /liked-videos. */
export default function LikedVideosPage() {
  const { state } = useVideos();
  const retryLibrary = useLibraryRetry();
  return (
    <VideoListScreen
      title="Liked Videos"
      documentTitle={SCREENS['liked-videos'].title}
      videos={state.likedVideos}
      emptyText="No videos added yet."
      emptyTitle="No liked videos yet"
      emptyIcon={ThumbsUp}
      loading={state.library.likes.loading}
      error={state.library.likes.error}
      onRetry={retryLibrary}
    />
  );
}
