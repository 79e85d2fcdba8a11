import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { UpNextCard } from '../features/videos/components/up-next-card';
import { upNextRead } from '../features/videos/videos-service';
import { LoadState } from './load-state';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';

/** What to watch after this video (the server picks: same category first, then most viewed). */
export function UpNext({ videoId, className }: { videoId: string; className?: string }) {
  // Asked again by the cache when the connection comes back after it failed.
  const { data: videos, error } = useQuery(upNextRead(videoId));
  const { openVideo } = useVideoActions();
  const headingId = useId();
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Up next
      </h2>
      <LoadState loading={!videos && !error} error={videos ? undefined : (error ?? undefined)}>
        {videos?.length === 0 ? (
          <p className={styles.muted}>Nothing else to watch yet.</p>
        ) : (
          <ul className={styles.upNext} aria-label="Up next">
            {videos?.map((video) => (
              <li key={video._id}>
                <UpNextCard video={video} onOpen={openVideo} />
              </li>
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
