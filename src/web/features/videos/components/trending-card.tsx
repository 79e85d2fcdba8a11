import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Video } from '../../../../contract/entities';
import {
  DESCRIPTION_LIMIT_DESKTOP,
  DESCRIPTION_LIMIT_MOBILE,
  TITLE_LIMIT,
  formatCount,
  truncate,
} from '../../../lib/format';
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { Thumbnail } from './thumbnail';
import { VideoDuration } from '../../../components/ui/video-duration';
import styles from './trending-card.module.css';

/** product §2's horizontal trending card: the description is cut to 80 (mobile) or 150 characters. */
export function TrendingCard({
  video,
  onOpen,
  menu,
  priority = false,
}: {
  video: Video;
  onOpen?: (video: Video) => void;
  /** The three-dots menu, composed by the screen that shows the card. */
  menu?: ReactNode;
  /** The first card: its thumbnail loads at once, ahead of the others. */
  priority?: boolean;
}) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const limit = desktop ? DESCRIPTION_LIMIT_DESKTOP : DESCRIPTION_LIMIT_MOBILE;
  return (
    <article className={styles.card}>
      <Link
        to={`/watch/${encodeURIComponent(video._id)}`}
        className={styles.link}
        onClick={() => onOpen?.(video)}
      >
        <Thumbnail
          videoId={video._id}
          className={styles.thumbnail}
          priority={priority}
          duration={video.duration}
          watchedTitle={video.title}
        />
        <div className={styles.body}>
          <h2 className={styles.title} title={video.title}>
            {truncate(video.title, TITLE_LIMIT)}
          </h2>
          {video.duration !== undefined && (
            <VideoDuration seconds={video.duration} variant="words" />
          )}
          <p className={styles.meta}>
            {video.channelName} · {formatCount(video.views)} views
          </p>
          <p className={styles.description}>{truncate(video.description, limit)}</p>
        </div>
      </Link>
      {menu && <div className={styles.menu}>{menu}</div>}
    </article>
  );
}
