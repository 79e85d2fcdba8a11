import { describeDuration, formatDuration } from '../../lib/format';
import styles from './video-duration.module.css';

/**
 * A video's length: `12:05` on screen, "12 minutes, 5 seconds" to a screen reader (the digits
 * alone would be read as a time of day). `badge`: the digits over a thumbnail's corner, hidden
 * from screen readers: a card says the words after its title (`words`), so its link is named by
 * the title first. `inline`: both, in a line of text (the watch page).
 */
export function VideoDuration({
  seconds,
  variant,
}: {
  seconds: number;
  variant: 'badge' | 'words' | 'inline';
}) {
  if (variant === 'badge') {
    return (
      <span className={styles.badge} aria-hidden data-duration>
        {formatDuration(seconds)}
      </span>
    );
  }
  const words = <span className="visually-hidden">{describeDuration(seconds)}</span>;
  if (variant === 'words') return words;
  return (
    <span data-duration>
      <span aria-hidden>{formatDuration(seconds)}</span>
      {words}
    </span>
  );
}
