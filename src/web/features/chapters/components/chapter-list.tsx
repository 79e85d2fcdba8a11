import { useEffect, useId, useState } from 'react';
import { formatTime } from '../../../lib/format';
import { currentChapterIndex, type Chapter } from '../chapters';
import styles from './chapter-list.module.css';

/** How often the playing chapter is looked up while the page is open. */
const FOLLOW_INTERVAL_MS = 1_000;

interface ChapterListProps {
  chapters: Chapter[];
  /** Jumps the player to a moment; false when there is no player to move. */
  onSeek: (seconds: number) => boolean;
  /** The player's time, or undefined without a player. */
  currentTime: () => number | undefined;
}

/** The video's chapters as buttons that seek; the one playing is marked. */
export function ChapterList({ chapters, onSeek, currentTime }: ChapterListProps) {
  const headingId = useId();
  const [current, setCurrent] = useState(-1);

  useEffect(() => {
    const follow = () => {
      const time = currentTime();
      setCurrent(time === undefined ? -1 : currentChapterIndex(chapters, time));
    };
    const timer = window.setInterval(follow, FOLLOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [chapters, currentTime]);

  if (chapters.length === 0) return null;
  return (
    <section className={styles.chapters} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Chapters
      </h2>
      <ol className={styles.list}>
        {chapters.map((chapter, index) => (
          <li key={chapter.start}>
            <button
              type="button"
              className={styles.chapter}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => {
                if (onSeek(chapter.start)) setCurrent(index);
              }}
            >
              <span className={styles.time}>{formatTime(chapter.start)}</span>{' '}
              <span className={styles.title}>{chapter.title}</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
