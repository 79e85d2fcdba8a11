import { useEffect, useRef, useState } from 'react';
import { WatchedBar } from '../../../components/ui/progress-bar';
import { fallbackThumbnailUrl, thumbnailUrl } from '../../../lib/format';
import { useWatchedPercent } from '../../../state/watched';
import styles from './thumbnail.module.css';
import { VideoDuration } from '../../../components/ui/video-duration';

/**
 * A video's maximum-resolution thumbnail; when that fails, YouTube's smaller one; when that fails
 * too (offline), a neutral placeholder of the same size, so the layout never jumps. Loaded lazily,
 * except a `priority` one (the first of a list: likely the largest thing on screen, the page's
 * Largest Contentful Paint), which is fetched at once and ahead of other images. With a
 * `duration`, the video's length is drawn over its corner, and with a `watchedTitle` how much of
 * it the signed-in user watched along its bottom edge (the picture and those then sit in a frame
 * that takes `className`); the card says the length in words after its title (VideoDuration).
 */
export function Thumbnail({
  videoId,
  className,
  priority = false,
  alt = '',
  duration,
  watchedTitle,
}: {
  videoId?: string;
  className?: string;
  priority?: boolean;
  /** What the picture shows, where it stands alone (a card's title names it already). */
  alt?: string;
  /** The video's length in seconds, when the catalogue knows it. */
  duration?: number;
  /** The video's title: shows the user's watched bar, read out as '<title>: watched'. */
  watchedTitle?: string;
}) {
  const sources = videoId ? [thumbnailUrl(videoId), fallbackThumbnailUrl(videoId)] : [];
  const [attempt, setAttempt] = useState(0);
  const source = sources[attempt];
  const image = useRef<HTMLImageElement>(null);
  const watched = useWatchedPercent(watchedTitle === undefined ? undefined : videoId, duration);
  const framed = duration !== undefined || watched !== undefined;
  // A server-rendered image may have failed before the app took the page over (its error event
  // came before React listened): broken, it is a failure all the same.
  useEffect(() => {
    const shown = image.current;
    if (shown?.complete && shown.naturalWidth === 0) setAttempt((value) => value + 1);
  }, []);
  // The frame, when there is one, takes the caller's class (its size and place).
  const classes = [styles.thumbnail, framed ? undefined : className].filter(Boolean).join(' ');
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
  if (!framed) return picture;
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {picture}
      {duration !== undefined && <VideoDuration seconds={duration} variant="badge" />}
      {watched !== undefined && <WatchedBar percent={watched} label={`${watchedTitle}: watched`} />}
    </div>
  );
}
