import { useMemo } from 'react';
import { youTubeWatchUrl } from '../../../lib/format';
import { splitTimes } from '../chapters';
import styles from './chapter-list.module.css';

interface DescriptionTextProps {
  text: string;
  videoId: string;
  /** Jumps the player to a moment; false when there is no player to move. */
  onSeek: (seconds: number) => boolean;
}

/**
 * A video's description, its written times (`12:04`) as links that seek the player, as the
 * chapters do; without a player they open YouTube at that moment.
 */
export function DescriptionText({ text, videoId, onSeek }: DescriptionTextProps) {
  const parts = useMemo(() => splitTimes(text), [text]);
  return parts.map((part, index) =>
    typeof part === 'string' ? (
      part
    ) : (
      <a
        key={index}
        className={styles.timeLink}
        href={youTubeWatchUrl(videoId, part.seconds)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Play from ${part.time}`}
        onClick={(event) => {
          if (onSeek(part.seconds)) event.preventDefault();
        }}
      >
        {part.time}
      </a>
    ),
  );
}
