import { useEffect, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { formatTime } from '../lib/format';
import { removableItem, useFocusAfterRemoval } from '../lib/use-focus-after-removal';
import {
  continueRowExpected,
  dismissProgress,
  rememberContinueRow,
} from '../features/progress/progress-service';
import { VideoCard } from '../features/videos/components/video-card';
import { knownVideoRead } from '../data/reads';
import { useAuth, useVideos } from '../state/use-store';
import { finished } from '../state/watched';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';

/** How many videos the 'Continue watching' row shows. */
const CONTINUE_LIMIT = 8;
const SKELETON_CARDS = 4;

/**
 * The videos a signed-in user stopped part way through, most recent first, each with how much was
 * watched (when its length is known) and a button that removes it from the row. The row keeps its
 * height from the first paint: while the positions or their videos load it is a grey placeholder
 * of the same size (held only when the last visit had a row, so nothing jumps either way).
 */
export function ContinueWatching() {
  const { state: auth } = useAuth();
  const { state, dispatch } = useVideos();
  const { openVideo } = useVideoActions();
  const [expected] = useState(continueRowExpected);
  // The positions come with the user's lists.
  const progressLoaded = !state.library.progress.loading && state.library.progress.error === null;
  // Videos watched to their end (or near enough) are done, not to be continued.
  const unfinished = state.progress.filter((entry) => !finished(entry));
  const entries = auth.isLoggedIn ? unfinished.slice(0, CONTINUE_LIMIT) : [];
  // The videos by id: those an answer brought come from the cache, the others are fetched.
  const videos = useQueries({ queries: entries.map((entry) => knownVideoRead(entry.videoId)) });
  const lookedUp = videos.every((video) => !video.isPending);
  // After a removal the focus moves to the next card's button (or the previous, for the last).
  const keepFocus = useFocusAfterRemoval();

  useEffect(() => {
    if (progressLoaded && auth.isLoggedIn) rememberContinueRow(unfinished.length > 0);
  }, [progressLoaded, unfinished.length, auth.isLoggedIn]);

  const started = entries.flatMap((entry, index) => {
    const video = videos[index]?.data?.video;
    return video ? [{ video, entry }] : [];
  });

  const waiting =
    auth.isLoggedIn &&
    started.length === 0 &&
    (progressLoaded ? entries.length > 0 && !lookedUp : expected);
  if (!waiting && started.length === 0) return null;

  return (
    <section aria-labelledby="continue-watching" className={styles.continue}>
      <h2 id="continue-watching" className={styles.sectionTitle}>
        Continue watching
      </h2>
      {waiting ? (
        <div role="status" className={`${styles.row} ${styles.continueRow}`}>
          <span className="visually-hidden">Loading…</span>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <div key={index} className={styles.continueSkeleton} aria-hidden>
              <div className={styles.skeletonThumb} />
              <div className={styles.skeletonLine} />
              <div className={`${styles.skeletonLine} ${styles.skeletonShort}`} />
            </div>
          ))}
        </div>
      ) : (
        <ul
          ref={keepFocus}
          className={`${styles.row} ${styles.continueRow}`}
          aria-label="Continue watching"
        >
          {started.map(({ video, entry }) => {
            return (
              <li key={video._id} {...removableItem}>
                <VideoCard
                  video={video}
                  onOpen={openVideo}
                  headingLevel={3}
                  note={`Resume at ${formatTime(entry.seconds)}`}
                  menu={
                    <button
                      type="button"
                      className={styles.dismiss}
                      aria-label={`Remove ${video.title} from Continue watching`}
                      title="Remove from Continue watching"
                      onClick={() => void dismissProgress(video._id, state.progress, dispatch)}
                    >
                      <X aria-hidden size={18} />
                    </button>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
