import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { CategoryChips } from '../features/videos/components/category-chips';
import { SearchAllVideos } from '../features/videos/components/search-all-videos';
import { categoryNamesRead, homeListRead } from '../features/videos/videos-service';
import buttons from '../components/ui/button.module.css';
import { useDocumentTitle } from '../lib/use-document-title';
import { useVideos } from '../state/use-store';
import {
  categoryChips,
  filtersFromParams,
  homePath,
  sameFilters,
  searchTooLong,
} from '../state/videos-reducer';
import { ContinueLearning } from './continue-learning';
import { ContinueWatching } from './continue-watching';
import { LoadState } from './load-state';
import { PagedVideoGrid } from './paged-list';
import { SearchTooLong } from './search-too-long';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';
import { useVideoPages } from './use-video-pages';

/**
 * Home: 'Continue watching' for signed-in users, category chips and the grid. The filters live in
 * the address (`/?category=CSS&search=Learn`), so reload, back and shared links keep them; the
 * server filters and pages the catalogue.
 */
export function HomePage() {
  const { state, dispatch } = useVideos();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { openVideo, menuFor } = useVideoActions();
  useDocumentTitle();
  const filters = filtersFromParams(params);
  const key = `${filters.category}\u0000${filters.search}`;
  const tooLong = searchTooLong(filters.search);
  const paging = useVideoPages({
    read: (entry) => homeListRead(filters, entry),
    enabled: !tooLong,
  });

  // The address is the truth on home: back, forward and links bring the search box along.
  useEffect(() => {
    if (!sameFilters(filters, state.filters)) dispatch({ type: 'SET_FILTERS', payload: filters });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the filters
  }, [key, state.filters, dispatch]);

  return (
    <>
      <h1 className="visually-hidden">Home</h1>
      <ContinueWatching />
      <ContinueLearning />
      <Chips
        attempt={paging.attempt}
        gridFailed={paging.error !== null}
        selected={filters.category}
        onSelect={(category) => {
          dispatch({ type: 'SET_CATEGORY', payload: category });
          const path = homePath({ category, search: '' });
          void navigate(path, { replace: path === homePath(filters) });
        }}
      />
      {tooLong ? (
        <SearchTooLong />
      ) : (
        <LoadState
          loading={paging.loading}
          error={paging.error}
          onRetry={paging.retry}
          browse={false}
        >
          {paging.empty ? (
            <EmptyState
              icon={SearchX}
              title="No matching videos"
              action={<SearchAllVideos text={filters.search} />}
            >
              No videos matched the search keyword.
            </EmptyState>
          ) : (
            <PagedVideoGrid
              paging={paging}
              state={paging.window}
              label="Videos"
              onOpen={openVideo}
              menuFor={menuFor}
            />
          )}
        </LoadState>
      )}
    </>
  );
}

interface ChipsProps {
  /** The grid's attempts at its first page: names that failed are asked for again with it. */
  attempt: number;
  /** The grid failed too: its own error state says why and offers the retry. */
  gridFailed: boolean;
  selected: string;
  onSelect: (name: string) => void;
}

/**
 * All plus the catalogue's category names, as the server lists them. Names that failed are asked
 * for again when the grid is (its 'Try again', a reconnect), when the connection comes back, and
 * on their own 'Try again' when the grid is fine.
 */
function Chips({ attempt, gridFailed, selected, onSelect }: ChipsProps) {
  // Asked again on reconnect by the cache itself.
  const { data: names, isError, refetch } = useQuery(categoryNamesRead());
  const failed = isError && names === undefined;
  useEffect(() => {
    if (attempt > 0 && failed) void refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on the grid's new attempts only
  }, [attempt]);
  if (failed) {
    // Quiet: when the catalogue itself fails, the grid below says why (and retries both).
    return (
      <p className={styles.muted}>
        Categories are unavailable right now.{' '}
        {!gridFailed && (
          <button
            type="button"
            className={buttons.button}
            aria-label="Try again to load the categories"
            onClick={() => void refetch()}
          >
            Try again
          </button>
        )}
      </p>
    );
  }
  return (
    <CategoryChips
      categories={categoryChips(names ?? [])}
      selected={selected}
      onSelect={onSelect}
    />
  );
}
