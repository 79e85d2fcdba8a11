import { PageHeading } from '../components/ui/page-heading';
import { TrendingCard } from '../features/videos/components/trending-card';
import { useVideos } from '../state/use-store';
import { LoadState } from './load-state';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';

/** Trending: every video, most viewed first. */
export default function TrendingPage() {
  const { state } = useVideos();
  const { openVideo } = useVideoActions();
  const byViews = [...state.videos].sort((a, b) => b.views - a.views);
  return (
    <>
      <PageHeading title="Trending" />
      <LoadState loading={state.loading && state.videos.length === 0} error={state.error}>
        <ul className={styles.stack} aria-label="Trending videos">
          {byViews.map((video) => (
            <li key={video._id}>
              <TrendingCard video={video} onOpen={openVideo} />
            </li>
          ))}
        </ul>
      </LoadState>
    </>
  );
}
