import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import buttons from '../components/ui/button.module.css';
import { playlistPlayTexts as texts } from '../features/playlists/playlist-play-texts';
import styles from '../features/courses/components/courses.module.css';
import own from './next-countdown.module.css';

/** How long the next video waits after one ends, so the user can stay. */
export const NEXT_COUNTDOWN_SECONDS = 8;

interface NextCountdownProps {
  /** The next video's title and its watch page (keeping the playlist or the course). */
  title: string;
  to: string;
  onCancel: () => void;
}

/**
 * After a video ended (the YouTube player's ended state): 'Up next: …', a visible countdown, then
 * the next video. Cancel stays; Play now goes at once. Announced once, politely (the seconds are
 * not read out each time); the focus is left where the user has it.
 */
export function NextCountdown({ title, to, onCancel }: NextCountdownProps) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(NEXT_COUNTDOWN_SECONDS);
  useEffect(() => {
    const timer = window.setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) void navigate(to);
  }, [left, navigate, to]);
  return (
    <div className={own.countdown} role="group" aria-label={texts.upNext(title)}>
      <p role="status" className={styles.meta}>
        {texts.upNext(title)}
      </p>
      <p className={styles.meta} aria-hidden>
        {texts.startsIn(left)}
      </p>
      <div className={styles.actions}>
        <button type="button" className={`${buttons.button} ${styles.small}`} onClick={onCancel}>
          {texts.cancel}
        </button>
        <button
          type="button"
          className={`${buttons.primary} ${styles.small}`}
          onClick={() => void navigate(to)}
        >
          {texts.playNow}
        </button>
      </div>
    </div>
  );
}
