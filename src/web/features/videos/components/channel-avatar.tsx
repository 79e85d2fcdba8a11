import { useState } from 'react';
import styles from './channel-avatar.module.css';

/** A channel's avatar, or its initials when the image cannot load. */
export function ChannelAvatar({ name, src }: { name: string; src: string }) {
  const [failed, setFailed] = useState(false);
  const initials = name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  if (failed || !src) {
    return (
      <span className={styles.avatar} aria-hidden>
        {initials}
      </span>
    );
  }
  return (
    <img
      className={styles.avatar}
      src={src}
      alt=""
      width={36}
      height={36}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}
