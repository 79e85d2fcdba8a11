import { ExternalLink } from 'lucide-react';
import type { Video } from '../../contract/entities';
import buttons from '../components/ui/button.module.css';
import { Thumbnail } from '../features/videos/components/thumbnail';
import { youTubeWatchUrl } from '../lib/format';
import styles from './embed-fallback.module.css';

/**
 * What the player's frame shows when YouTube's embed cannot play here (offline, YouTube blocked,
 * a video its owner keeps off other sites): the video's thumbnail and the way to watch it on
 * YouTube, instead of the browser's broken-page icon.
 */
export function EmbedFallback({ video }: { video: Video }) {
  return (
    <div className={styles.fallback}>
      <Thumbnail videoId={video._id} alt={video.title} className={styles.picture} priority />
      <div className={styles.message}>
        <p>The player cannot load here.</p>
        <a
          className={buttons.primary}
          href={youTubeWatchUrl(video._id)}
          target="_blank"
          rel="noopener noreferrer"
        >
          <ExternalLink aria-hidden size={18} />
          Open on YouTube
        </a>
      </div>
    </div>
  );
}
