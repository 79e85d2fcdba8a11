import { useState } from 'react';
import { fallbackThumbnailUrl, thumbnailUrl } from '../../../lib/format';
import styles from './thumbnail.module.css';

/**
 * A video's maximum-resolution thumbnail; when that fails, YouTube's smaller one; when that fails
 * too (offline), a neutral placeholder of the same size, so the layout never jumps.
 */
export function Thumbnail({ videoId, className }: { videoId?: string; className?: string }) {
  const sources = videoId ? [thumbnailUrl(videoId), fallbackThumbnailUrl(videoId)] : [];
  const [attempt, setAttempt] = useState(0);
  const source = sources[attempt];
  const classes = [styles.thumbnail, className].filter(Boolean).join(' ');
  if (!source) return <div className={`${classes} ${styles.placeholder}`} aria-hidden />;
  return (
    <img
      className={classes}
      src={source}
      alt=""
      width={1280}
      height={720}
      loading="lazy"
      decoding="async"
      onError={() => setAttempt((value) => value + 1)}
    />
  );
}
