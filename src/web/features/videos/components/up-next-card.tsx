import { Link } from 'react-router';
import type { Video } from '../../../../contract/entities';
import { TITLE_LIMIT, formatCount, truncate } from '../../../lib/format';
import { Thumbnail } from './thumbnail';
import { VideoDuration } from '../../../components/ui/video-duration';
import styles from './up-next-card.module.css';

/** A compact card for the Up next list: thumbnail, cut title, channel and views. */
export function UpNextCard({ video, onOpen }: { video: Video; onOpen?: (video: Video) => void }) {
  return (
    <Link
      to={`/watch/${encodeURIComponent(video._id)}`}
      className={styles.link}
      onClick={() => onOpen?.(video)}
    >
      <Thumbnail
        videoId={video._id}
        className={styles.thumbnail}
        duration={video.duration}
        watchedTitle={video.title}
      />
      <span className={styles.body}>
        <h3 className={styles.title} title={video.title}>
          {truncate(video.title, TITLE_LIMIT)}
        </h3>
        {video.duration !== undefined && <VideoDuration seconds={video.duration} variant="words" />}
        <span className={styles.meta}>{video.channelName}</span>
        <span className={styles.meta}>{formatCount(video.views)} views</span>
      </span>
    </Link>
  );
}
