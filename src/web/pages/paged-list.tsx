import type { ReactNode } from 'react';
import type { Video } from '../../contract/entities';
import buttons from '../components/ui/button.module.css';
import { VideoGrid } from '../features/videos/components/video-grid';
import { loadFailureText } from './load-failure-text';
import styles from './pages.module.css';
import type { useVideoPages, VideoWindow } from './use-video-pages';

type VideoPages = ReturnType<typeof useVideoPages>;

interface PagedListProps {
  pages: Omit<VideoPages, 'list' | 'endSentinel' | 'startSentinel'>;
  /** Refs for the elements after and before the list that load more as they come near. */
  endSentinel: VideoPages['endSentinel'];
  startSentinel: VideoPages['startSentinel'];
  state: VideoWindow;
  children: ReactNode;
}

/** Why a page failed, as the end of a sentence (the server's messages end in a stop or not). */
function failureText(error: unknown): string {
  const text = loadFailureText(error);
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/**
 * A paged list with its ends: 'Show earlier videos' when the start was dropped, 'Show more videos'
 * when more follow (both also load by themselves as they scroll near), and a retry when a page
 * fails.
 */
export function PagedList({ pages, state, endSentinel, startSentinel, children }: PagedListProps) {
  const remaining = state.total - (state.start + state.videos.length);
  const busy = pages.refreshing || pages.pending !== null;
  return (
    <div className={styles.paged} aria-busy={busy}>
      {pages.hasEarlier && (
        <div ref={startSentinel} className={styles.more}>
          <button type="button" className={buttons.button} onClick={pages.showEarlier}>
            Show earlier videos ({state.start} before)
          </button>
        </div>
      )}
      {children}
      {pages.moreError ? (
        <div className={styles.more} role="alert">
          <span>Could not load more videos: {failureText(pages.moreError)}</span>
          <button type="button" className={buttons.button} onClick={pages.retry}>
            Try again
          </button>
        </div>
      ) : (
        pages.hasLater && (
          <div ref={endSentinel} className={styles.more}>
            <button
              type="button"
              className={buttons.button}
              onClick={pages.showMore}
              onFocus={() => pages.reachEnd(true)}
              onBlur={() => pages.reachEnd(false)}
            >
              {state.totalCapped || remaining <= 0
                ? 'Show more videos'
                : `Show more videos (${remaining} more)`}
            </button>
          </div>
        )
      )}
      {pages.pending && (
        <p role="status" className={styles.muted}>
          Loading more videos…
        </p>
      )}
    </div>
  );
}

interface PagedVideoGridProps {
  /** What useVideoPages gave, whole: the list's ref and sentinels with the rest. */
  paging: VideoPages;
  state: VideoWindow;
  label: string;
  onOpen: (video: Video) => void;
  menuFor: (video: Video) => ReactNode;
  noteFor?: (video: Video) => ReactNode;
}

/** A paged list of video cards in a grid: home, the results page and a channel's page. */
export function PagedVideoGrid({
  paging,
  state,
  label,
  onOpen,
  menuFor,
  noteFor,
}: PagedVideoGridProps) {
  const { list, endSentinel, startSentinel, ...pages } = paging;
  return (
    <PagedList pages={pages} state={state} endSentinel={endSentinel} startSentinel={startSentinel}>
      <VideoGrid
        listRef={list}
        videos={state.videos}
        label={label}
        onOpen={onOpen}
        menuFor={menuFor}
        noteFor={noteFor}
      />
    </PagedList>
  );
}
