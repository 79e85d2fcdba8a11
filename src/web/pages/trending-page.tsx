import { Flame } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { TrendingCard } from '../features/videos/components/trending-card';
import { trendingListRead } from '../features/videos/videos-service';
import { useScreenTitle } from '../lib/use-screen-title';
import { LoadState } from './load-state';
import { PagedList } from './paged-list';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';
import { useVideoPages } from './use-video-pages';

/** Trending: the catalogue, most viewed first, a page at a time. */
export default function TrendingPage() {
  const { list, endSentinel, startSentinel, ...pages } = useVideoPages({ read: trendingListRead });
  const { openVideo, menuFor } = useVideoActions();
  useScreenTitle('trending');
  return (
    <>
      <PageHeading title="Trending" />
      <LoadState loading={pages.loading} error={pages.error} onRetry={pages.retry}>
        {pages.empty ? (
          <EmptyState icon={Flame} title="Nothing trending yet" action={null}>
            No videos yet.
          </EmptyState>
        ) : (
          <PagedList
            pages={pages}
            state={pages.window}
            endSentinel={endSentinel}
            startSentinel={startSentinel}
          >
            <ul ref={list} className={styles.stack} aria-label="Trending videos">
              {pages.window.videos.map((video, index) => (
                <li key={video._id}>
                  <TrendingCard
                    video={video}
                    onOpen={openVideo}
                    menu={menuFor(video)}
                    priority={index === 0}
                  />
                </li>
              ))}
            </ul>
          </PagedList>
        )}
      </LoadState>
    </>
  );
}
