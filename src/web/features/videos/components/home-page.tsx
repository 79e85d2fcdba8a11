import { useEffect, useState } from 'react';
import type { Video } from '../../../../contract/entities';
import { ApiRequestError } from '../../../lib/api-client';
import { fetchVideos } from '../videos-service';
import styles from './home-page.module.css';

type Load =
  { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; videos: Video[] };

/** Home: the catalogue as a grid of cards. */
export function HomePage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    fetchVideos().then(
      (videos) => current && setLoad({ state: 'ready', videos }),
      (error: unknown) =>
        current &&
        setLoad({
          state: 'error',
          message: error instanceof ApiRequestError ? error.message : 'Unable to load data',
        }),
    );
    return () => {
      current = false;
    };
  }, []);

  return (
    <main className={styles.page}>
      <h1 className={styles.heading}>CodeTube</h1>
      {load.state === 'loading' && <p role="status">Loading videos…</p>}
      {load.state === 'error' && <p role="alert">{load.message}</p>}
      {load.state === 'ready' && (
        <ul className={styles.grid} aria-label="Videos">
          {load.videos.map((video) => (
            <li key={video._id} className={styles.card}>
              <img
                className={styles.thumbnail}
                src={`https://i.ytimg.com/vi/${video._id}/maxresdefault.jpg`}
                alt=""
                width={1280}
                height={720}
                loading="lazy"
              />
              <h2 className={styles.title}>{video.title}</h2>
              <p className={styles.channel}>{video.channelName}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
