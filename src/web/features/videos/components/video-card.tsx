import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Video } from '../../../../contract/entities';
import { TITLE_LIMIT, formatAge, formatCount, truncate } from '../../../lib/format';
import { channelPageUrl } from '../video-paths';
import { ChannelAvatar } from './channel-avatar';
import { Thumbnail } from './thumbnail';
import { VideoDuration } from '../../../components/ui/video-duration';
import styles from './video-card.module.css';

interface VideoCardProps {
  video: Video;
  /** Called when the user opens the video from this card. */
  onOpen?: (video: Video) => void;
  /** The three-dots menu, composed by the screen that shows the card. */
  menu?: ReactNode;
  /** A line under the stats, e.g. where the user stopped. */
  note?: ReactNode;
  /** The first card of a list: its thumbnail loads at once, ahead of the others. */
  priority?: boolean;
  /** A compact row (thumbnail beside the text), for phones' lists. */
  compact?: boolean;
  /** The title's heading level: 3 when the list sits under its own section heading. */
  headingLevel?: 2 | 3;
}

/**
 * A grid card: thumbnail (with the length and the signed-in user's watched bar), title cut to 50
 * characters, channel, views and age.
 */
export function VideoCard({
  video,
  onOpen,
  menu,
  note,
  priority,
  compact,
  headingLevel = 2,
}: VideoCardProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  if (compact) {
    return (
      <article className={styles.row}>
        <Link
          to={`/watch/${encodeURIComponent(video._id)}`}
          className={styles.rowLink}
          onClick={() => onOpen?.(video)}
        >
          <Thumbnail
            videoId={video._id}
            priority={priority}
            className={styles.rowThumbnail}
            duration={video.duration}
            watchedTitle={video.title}
          />
          <div className={styles.rowText}>
            <Heading className={styles.rowTitle} title={video.title}>
              {truncate(video.title, TITLE_LIMIT)}
            </Heading>
            {video.duration !== undefined && (
              <VideoDuration seconds={video.duration} variant="words" />
            )}
            <p className={styles.channel}>{video.channelName}</p>
            <p className={styles.stats}>
              {formatCount(video.views)} views · {formatAge(video.uploadedOn)}
            </p>
          </div>
        </Link>
        {menu}
      </article>
    );
  }
  return (
    <article className={styles.card}>
      <Link
        to={`/watch/${encodeURIComponent(video._id)}`}
        className={styles.link}
        onClick={() => onOpen?.(video)}
      >
        <Thumbnail
          videoId={video._id}
          priority={priority}
          duration={video.duration}
          watchedTitle={video.title}
        />
        <Heading className={styles.title} title={video.title}>
          {truncate(video.title, TITLE_LIMIT)}
        </Heading>
        {video.duration !== undefined && <VideoDuration seconds={video.duration} variant="words" />}
      </Link>
      <div className={styles.meta}>
        <ChannelAvatar name={video.channelName} src={video.avatar} />
        <div className={styles.details}>
          <p className={styles.channel}>
            <Link to={channelPageUrl(video.channelName)} className={styles.channelLink}>
              {video.channelName}
            </Link>
          </p>
          <p className={styles.stats}>
            {formatCount(video.views)} views · {formatAge(video.uploadedOn)}
          </p>
          {note && <p className={styles.stats}>{note}</p>}
        </div>
        {menu}
      </div>
    </article>
  );
}
