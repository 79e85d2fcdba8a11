import buttons from '../components/ui/button.module.css';
import { EmptyState } from '../components/ui/empty-state';
import { formatTime } from '../features/notes/notes-markdown';
import { CategoryChips } from '../features/videos/components/category-chips';
import { VideoCard } from '../features/videos/components/video-card';
import { VideoGrid } from '../features/videos/components/video-grid';
import { useGrowingWindow } from '../lib/use-growing-window';
import { categoryChips, filterVideos } from '../state/videos-reducer';
import { useAuth, useVideos } from '../state/use-store';
import { LoadState } from './load-state';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';

/** How many videos the 'Continue watching' row shows. */
const CONTINUE_LIMIT = 8;

/** Home: 'Continue watching' for signed-in users, category chips and the (filtered) grid. */
export function HomePage() {
  const { state, dispatch } = useVideos();
  const { openVideo, menuFor } = useVideoActions();
  const matching = filterVideos(state.videos, state.filters);
  const { size, hasMore, showMore, sentinel } = useGrowingWindow(
    matching.length,
    `${state.filters.category}\u0000${state.filters.search}`,
  );

  return (
    <>
      <h1 className="visually-hidden">Home</h1>
      <ContinueWatching />
      <CategoryChips
        categories={categoryChips(state.videos)}
        selected={state.filters.category}
        onSelect={(category) => dispatch({ type: 'SET_CATEGORY', payload: category })}
      />
      <LoadState loading={state.loading && state.videos.length === 0} error={state.error}>
        {matching.length === 0 ? (
          <EmptyState>No videos matched the search keyword.</EmptyState>
        ) : (
          <>
            <VideoGrid
              videos={matching.slice(0, size)}
              label="Videos"
              onOpen={openVideo}
              menuFor={menuFor}
            />
            {hasMore && (
              <div ref={sentinel} className={styles.more}>
                <button type="button" className={buttons.button} onClick={showMore}>
                  Show more videos ({matching.length - size} more)
                </button>
              </div>
            )}
          </>
        )}
      </LoadState>
    </>
  );
}

/** The videos a signed-in user stopped part way through, most recent first. */
function ContinueWatching() {
  const { state: auth } = useAuth();
  const { state } = useVideos();
  const { openVideo } = useVideoActions();
  if (!auth.isLoggedIn) return null;
  const started = state.progress
    .flatMap((entry) => {
      const video = state.videos.find((item) => item._id === entry.videoId);
      return video ? [{ video, seconds: entry.seconds }] : [];
    })
    .slice(0, CONTINUE_LIMIT);
  if (started.length === 0) return null;

  return (
    <section aria-labelledby="continue-watching" className={styles.continue}>
      <h2 id="continue-watching" className={styles.sectionTitle}>
        Continue watching
      </h2>
      <ul className={styles.row} aria-label="Continue watching">
        {started.map(({ video, seconds }) => (
          <li key={video._id}>
            <VideoCard video={video} onOpen={openVideo} note={`Resume at ${formatTime(seconds)}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
