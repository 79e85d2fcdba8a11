import { EmptyState } from '../components/ui/empty-state';
import { CategoryChips } from '../features/videos/components/category-chips';
import { VideoGrid } from '../features/videos/components/video-grid';
import { categoryChips, filterVideos } from '../state/videos-reducer';
import { useVideos } from '../state/use-store';
import { LoadState } from './load-state';
import { useVideoActions } from './use-video-actions';

/** Home: category chips and the (filtered) video grid. */
export function HomePage() {
  const { state, dispatch } = useVideos();
  const { openVideo, menuFor } = useVideoActions();
  const shown = filterVideos(state.videos, state.filters);

  return (
    <>
      <h1 className="visually-hidden">Home</h1>
      <CategoryChips
        categories={categoryChips(state.videos)}
        selected={state.filters.category}
        onSelect={(category) => dispatch({ type: 'SET_CATEGORY', payload: category })}
      />
      <LoadState loading={state.loading && state.videos.length === 0} error={state.error}>
        {shown.length === 0 ? (
          <EmptyState>No videos matched the search keyword.</EmptyState>
        ) : (
          <VideoGrid videos={shown} label="Videos" onOpen={openVideo} menuFor={menuFor} />
        )}
      </LoadState>
    </>
  );
}
