import { useId, useMemo, useState } from 'react';
import { History, Search, SearchX, Trash2 } from 'lucide-react';
import buttons from '../components/ui/button.module.css';
import { EmptyState } from '../components/ui/empty-state';
import { Modal } from '../components/ui/modal';
import { PageHeading } from '../components/ui/page-heading';
import { clearHistory, historyTexts } from '../features/history/history-service';
import {
  groupHistoryByDay,
  matchesHistorySearch,
  readerTimeZone,
} from '../features/history/history-days';
import { VideoGrid } from '../features/videos/components/video-grid';
import { useScreenTitle } from '../lib/use-screen-title';
import { useFocusAfterRemoval } from '../lib/use-focus-after-removal';
import { useLibraryRetry } from '../data/library';
import { useVideos } from '../state/use-store';
import { LoadState } from './load-state';
import styles from './pages.module.css';
import { RequireLogin } from './require-login';
import { useVideoActions } from './use-video-actions';

/**
 * /history: newest first, in sections per day of the reader's time zone (Today, Yesterday, then
 * dates), with a search over titles and channels. The server keeps it oldest first (a video
 * watched again moves to the end); this page only reverses that for reading. 'Clear History'
 * asks first, then empties it (there is no undo for the whole history).
 */
export default function HistoryPage() {
  useScreenTitle('history');
  return (
    <RequireLogin>
      <HistoryScreen />
    </RequireLogin>
  );
}

function HistoryScreen() {
  const { state, dispatch } = useVideos();
  const { openVideo, menuFor } = useVideoActions({ onHistoryPage: true });
  const [confirming, setConfirming] = useState(false);
  const retryLibrary = useLibraryRetry();
  const [query, setQuery] = useState('');
  const keepFocus = useFocusAfterRemoval();
  const searchId = useId();
  const history = state.history;

  const days = useMemo(
    () =>
      groupHistoryByDay(
        history.filter((item) => matchesHistorySearch(item, query)),
        { now: new Date(), timeZone: readerTimeZone(), locale: navigator.language },
      ),
    [history, query],
  );

  return (
    <div ref={keepFocus}>
      <PageHeading title={historyTexts.heading}>
        {history.length > 0 && (
          <button type="button" className={buttons.button} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden size={18} />
            {historyTexts.clear}
          </button>
        )}
      </PageHeading>
      <LoadState
        loading={state.library.history.loading && history.length === 0}
        error={history.length === 0 ? state.library.history.error : undefined}
        onRetry={retryLibrary}
        serverErrorText={historyTexts.loadFailed}
      >
        {history.length === 0 ? (
          <EmptyState icon={History} title="No watch history yet">
            {historyTexts.empty}
          </EmptyState>
        ) : (
          <>
            <div className={styles.historySearch}>
              <label htmlFor={searchId} className="visually-hidden">
                Search history
              </label>
              <Search aria-hidden size={18} className={styles.historySearchIcon} />
              <input
                id={searchId}
                type="search"
                className={styles.historySearchInput}
                placeholder="Search history"
                autoComplete="off"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
            </div>
            {days.length === 0 ? (
              <EmptyState
                icon={SearchX}
                title="No matching videos"
                action={
                  <button type="button" className={buttons.button} onClick={() => setQuery('')}>
                    Clear search
                  </button>
                }
              >
                Nothing in your history matches “{query.trim()}”.
              </EmptyState>
            ) : (
              days.map((day) => (
                <section
                  key={day.key}
                  aria-labelledby={`${searchId}-${day.key}`}
                  className={styles.historyDay}
                >
                  <h2 id={`${searchId}-${day.key}`} className={styles.sectionTitle}>
                    {day.label}
                  </h2>
                  <VideoGrid
                    videos={day.items}
                    label={day.label}
                    onOpen={openVideo}
                    menuFor={menuFor}
                    rowsOnPhones
                    headingLevel={3}
                  />
                </section>
              ))
            )}
          </>
        )}
      </LoadState>
      <Modal title="Clear watch history?" open={confirming} onClose={() => setConfirming(false)}>
        <p className={styles.confirmText}>
          Every video leaves your history, on every device. This cannot be undone.
        </p>
        <div className={styles.confirmActions}>
          <button
            type="button"
            className={buttons.button}
            data-autofocus
            onClick={() => setConfirming(false)}
          >
            Cancel
          </button>
          <button
            type="button"
            className={buttons.primary}
            onClick={() => {
              setConfirming(false);
              void clearHistory(dispatch);
            }}
          >
            {historyTexts.clear}
          </button>
        </div>
      </Modal>
    </div>
  );
}
