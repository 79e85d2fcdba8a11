import { useEffect, useId, useState } from 'react';
import type { Video } from '../../contract/entities';
import { UpNextCard } from '../features/videos/components/up-next-card';
import { UP_NEXT_LENGTH } from '../features/videos/video-paths';
import { loadUpNext } from '../features/videos/videos-service';
import { useReconnectAttempt } from '../lib/connection';
import { LoadState } from './load-state';
import styles from './pages.module.css';
import { useVideoActions } from './use-video-actions';

type UpNextLoad = { id: string; videos: Video[] } | { id: string; error: unknown };

/** What to watch after this video (the server picks: same category first, then most viewed). */
export function UpNext({ videoId, className }: { videoId: string; className?: string }) {
  const [load, setLoad] = useState<UpNextLoad | null>(null);
  const { openVideo } = useVideoActions();
  const headingId = useId();
  const attempt = useReconnectAttempt(load !== null && 'error' in load);

  useEffect(() => {
    let current = true;
    loadUpNext(videoId, UP_NEXT_LENGTH).then(
      (videos) => current && setLoad({ id: videoId, videos }),
      (error: unknown) => current && setLoad({ id: videoId, error }),
    );
    return () => {
      current = false;
    };
  }, [videoId, attempt]);

  const mine = load?.id === videoId ? load : null;
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Up next
      </h2>
      <LoadState loading={!mine} error={mine && 'error' in mine ? mine.error : undefined}>
        {mine && 'videos' in mine && mine.videos.length === 0 ? (
          <p className={styles.muted}>Nothing else to watch yet.</p>
        ) : (
          <ul className={styles.upNext} aria-label="Up next">
            {mine &&
              'videos' in mine &&
              mine.videos.map((video) => (
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
