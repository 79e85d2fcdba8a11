import { ThumbsUp } from 'lucide-react';
import { useVideos } from '../state/use-store';
import { VideoListScreen } from './video-list-screen';

/** /liked-videos. */
export default function LikedVideosPage() {
  const { state } = useVideos();
  return (
    <VideoListScreen
      title="Liked Videos"
      videos={state.likedVideos}
      emptyText="No videos added yet."
      emptyTitle="No liked videos yet"
      emptyIcon={ThumbsUp}
      loading={state.library.loading}
      error={state.library.error}
    />
  );
}
