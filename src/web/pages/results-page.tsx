import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Search, SearchX } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeading } from '../components/ui/page-heading';
import { TranscriptMomentLink } from '../features/transcript/components/transcript-moment';
import { searchMoments } from '../features/transcript/search-moments';
import { resultCount } from '../features/videos/result-count';
import { searchListRead } from '../features/videos/videos-service';
import { useDocumentTitle } from '../lib/use-document-title';
import { useVideos } from '../state/use-store';
import { resultsQuery, searchTooLong } from '../state/videos-reducer';
import { LoadState } from './load-state';
import { PagedVideoGrid } from './paged-list';
import { SearchTooLong } from './search-too-long';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';
import { useVideoPages } from './use-video-pages';

/**
 * Search results (Enter in the search box): title, transcript, channel and description, ignoring
 * case and accents, ranked by the server (title matches, then what is said, then the rest; each
 * group most viewed first). A transcript match links to its moment. The query lives in
 * the address, so the page can be shared and the back button returns to it.
 */
export default function ResultsPage() {
  const [params] = useSearchParams();
  const query = resultsQuery(params);
  const tooLong = searchTooLong(query);
  const { state: videos, dispatch: videosDispatch } = useVideos();
  const client = useQueryClient();
  const paging = useVideoPages({
    read: (entry) => searchListRead(query, entry),
    enabled: query !== '' && !tooLong,
  });
  const { openVideo, menuFor } = useVideoActions();
  // Transcript matches carry where the text is said: read from the pages' answers as they come.
  const moments = useMemo(
    () => searchMoments(client, query),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, query, paging.window.videos],
  );

  useDocumentTitle(query ? `${query} - Search` : 'Search');

  // The search box shows what was searched for (after a reload or a shared link too).
  const boxText = videos.filters.search;
  useEffect(() => {
    if (query && boxText.trim() !== query) videosDispatch({ type: 'SET_SEARCH', payload: query });
    // Only when the query changes: typing afterwards is the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  if (query === '') {
    return (
      <>
        <PageHeading title="Search" />
        <EmptyState icon={Search} title="Search CodeTube" action={null}>
          Type what you are looking for in the search box and press Enter.
        </EmptyState>
      </>
    );
  }

  if (tooLong) {
    return (
      <>
        <PageHeading title="Search" />
        <SearchTooLong />
      </>
    );
  }

  return (
    <>
      <PageHeading title={`Results for “${query}”`} />
      <LoadState loading={paging.loading} error={paging.error} onRetry={paging.retry}>
        {paging.empty ? (
          <EmptyState icon={SearchX} title="No results">
            No results for “{query}”
          </EmptyState>
        ) : (
          <>
            <p className={styles.muted} aria-live="polite">
              {paging.refreshing
                ? 'Searching…'
                : resultCount(paging.window.total, paging.window.totalCapped)}
            </p>
            <PagedVideoGrid
              paging={paging}
              state={paging.window}
              label="Search results"
              onOpen={openVideo}
              menuFor={menuFor}
              noteFor={(video) => {
                const moment = moments.get(video._id);
                return moment && <TranscriptMomentLink moment={moment} query={query} />;
              }}
            />
          </>
        )}
      </LoadState>
    </>
  );
}
