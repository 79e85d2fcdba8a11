import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SearchX } from 'lucide-react';
import { EmptyState } from '../components/ui/empty-state';
import { CategoryChips } from '../features/videos/components/category-chips';
import { VideoGrid } from '../features/videos/components/video-grid';
import { homePageFetcher, loadCategoryNames } from '../features/videos/videos-service';
import { useDocumentTitle } from '../lib/use-document-title';
import { useVideos } from '../state/use-store';
import { categoryChips, filtersFromParams, homePath, sameFilters } from '../state/videos-reducer';
import { ContinueWatching } from './continue-watching';
import { LoadState } from './load-state';
import { PagedList } from './paged-list';
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
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names the filters
  const fetchPage = useMemo(() => homePageFetcher(filters), [key]);
  const { list, endSentinel, startSentinel, ...pages } = useVideoPages({
    key,
    fetchPage,
    state,
    dispatch,
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
      <Chips
        selected={filters.category}
        onSelect={(category) => {
          dispatch({ type: 'SET_CATEGORY', payload: category });
          const path = homePath({ category, search: '' });
          void navigate(path, { replace: path === homePath(filters) });
        }}
      />
      <LoadState loading={pages.loading} error={pages.error} onRetry={pages.retry} browse={false}>
        {pages.empty ? (
          <EmptyState icon={SearchX} title="No matching videos">
            No videos matched the search keyword.
          </EmptyState>
        ) : (
          <PagedList
            pages={pages}
            state={state}
            endSentinel={endSentinel}
            startSentinel={startSentinel}
          >
            <VideoGrid
              listRef={list}
              videos={state.videos}
              label="Videos"
              onOpen={openVideo}
              menuFor={menuFor}
            />
          </PagedList>
        )}
      </LoadState>
    </>
  );
}

/** All plus the catalogue's category names, as the server lists them. */
function Chips({ selected, onSelect }: { selected: string; onSelect: (name: string) => void }) {
  const [names, setNames] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    loadCategoryNames().then(
      (loaded) => current && setNames(loaded),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);
  if (failed && !names) {
    // Quiet: when the catalogue itself fails, the grid below says why.
    return <p className={styles.muted}>Categories are unavailable right now.</p>;
  }
  return (
    <CategoryChips
      categories={categoryChips(names ?? [])}
      selected={selected}
      onSelect={onSelect}
    />
  );
}
