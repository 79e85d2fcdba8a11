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
      loading={state.loading}
      error={state.error}
    />
  );
}
