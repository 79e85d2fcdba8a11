import type { ReactNode, Ref } from 'react';
import type { Video } from '../../../../contract/entities';
import { removableItem } from '../../../lib/use-focus-after-removal';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { VideoCard } from './video-card';
import styles from './video-grid.module.css';

interface VideoGridProps {
  videos: Video[];
  label: string;
  onOpen?: (video: Video) => void;
  menuFor?: (video: Video) => ReactNode;
  /** A line under a card's stats (the results page: where a video says the search). */
  noteFor?: (video: Video) => ReactNode;
  listRef?: Ref<HTMLUListElement>;
  /** On phones, compact rows instead of full-width cards (a list the user keeps). */
  rowsOnPhones?: boolean;
  /** The cards' title level: 3 when the list sits under a section heading. */
  headingLevel?: 2 | 3;
}

/** A responsive grid of video cards, as a labelled list. */
export function VideoGrid({
  videos,
  label,
  onOpen,
  menuFor,
  noteFor,
  listRef,
  rowsOnPhones = false,
  headingLevel,
}: VideoGridProps) {
  // Asked only where it changes the list: a grid of cards is the same at every width.
  const compact = useMediaQuery(PHONE_QUERY, rowsOnPhones);
  return (
    <ul ref={listRef} className={compact ? styles.rows : styles.grid} aria-label={label}>
      {videos.map((video, index) => (
        <li key={video._id} {...removableItem}>
          <VideoCard
            video={video}
            onOpen={onOpen}
            menu={menuFor?.(video)}
            note={noteFor?.(video)}
            priority={index === 0}
            compact={compact}
            headingLevel={headingLevel}
          />
        </li>
      ))}
    </ul>
  );
}
