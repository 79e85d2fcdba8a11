import { useEffect, useRef, useState } from 'react';
import { fallbackThumbnailUrl, thumbnailUrl } from '../../../lib/format';
import styles from './thumbnail.module.css';
import { VideoDuration } from './video-duration';

/**
 * A video's maximum-resolution thumbnail; when that fails, YouTube's smaller one; when that fails
 * too (offline), a neutral placeholder of the same size, so the layout never jumps. Loaded lazily,
 * except a `priority` one (the first of a list: likely the largest thing on screen, the page's
 * Largest Contentful Paint), which is fetched at once and ahead of other images. With a
 * `duration`, the video's length is drawn over its corner (the picture and the badge then sit in
 * a frame that takes `className`); the card says it in words after its title (VideoDuration).
 */
export function Thumbnail({
  videoId,
  className,
  priority = false,
  alt = '',
  duration,
}: {
  videoId?: string;
  className?: string;
  priority?: boolean;
  /** What the picture shows, where it stands alone (a card's title names it already). */
  alt?: string;
  /** The video's length in seconds, when the catalogue knows it. */
  duration?: number;
}) {
  const sources = videoId ? [thumbnailUrl(videoId), fallbackThumbnailUrl(videoId)] : [];
  const [attempt, setAttempt] = useState(0);
  const source = sources[attempt];
  const image = useRef<HTMLImageElement>(null);
  // A server-rendered image may have failed before the app took the page over (its error event
  // came before React listened): broken, it is a failure all the same.
  useEffect(() => {
    const shown = image.current;
    if (shown?.complete && shown.naturalWidth === 0) setAttempt((value) => value + 1);
  }, []);
  // The frame, when there is a badge, takes the caller's class (its size and place).
  const classes = [styles.thumbnail, duration === undefined ? className : undefined]
    .filter(Boolean)
    .join(' ');
  const picture = !source ? (
    <div className={`${classes} ${styles.placeholder}`} aria-hidden />
  ) : (
    <img
      ref={image}
      className={classes}
      src={source}
      alt={alt}
      width={1280}
      height={720}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => setAttempt((value) => value + 1)}
    />
  );
  if (duration === undefined) return picture;
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {picture}
      <VideoDuration seconds={duration} variant="badge" />
    </div>
  );
}
