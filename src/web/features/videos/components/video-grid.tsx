import type { ReactNode, Ref } from 'react';
import type { Video } from '../../../../contract/entities';
import { VideoCard } from './video-card';
import styles from './video-grid.module.css';

interface VideoGridProps {
  videos: Video[];
  label: string;
  onOpen?: (video: Video) => void;
  menuFor?: (video: Video) => ReactNode;
  listRef?: Ref<HTMLUListElement>;
}

/** A responsive grid of video cards, as a labelled list. */
export function VideoGrid({ videos, label, onOpen, menuFor, listRef }: VideoGridProps) {
  return (
    <ul ref={listRef} className={styles.grid} aria-label={label}>
      {videos.map((video, index) => (
        <li key={video._id}>
          <VideoCard video={video} onOpen={onOpen} menu={menuFor?.(video)} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}
