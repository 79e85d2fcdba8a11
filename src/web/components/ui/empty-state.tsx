import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Film, type LucideIcon } from 'lucide-react';
import { emptyStateMark } from '../../lib/use-focus-after-removal';
import buttons from './button.module.css';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  /** What the screen would hold, as a picture. */
  icon?: LucideIcon;
  /** A short heading: what happened. */
  title: string;
  /** The screen's own message (product §8's empty-state texts stay word for word). */
  children: ReactNode;
  /** A way on; 'Browse videos' (home) unless given; null for none. */
  action?: ReactNode;
  /** 1 when the state is the whole page (an unknown video); 2 under a page's own heading. */
  headingLevel?: 1 | 2;
  /** Announce the message as it appears (a failure), not only when it is read. */
  alert?: boolean;
}

/** The way home, the default way on from an empty or failed screen. */
export function BrowseVideos() {
  return (
    <Link to="/" className={buttons.primary}>
      Browse videos
    </Link>
  );
}

/** What a screen shows when it has nothing (or could not load): icon, heading, message, a way on. */
export function EmptyState({
  icon: Icon = Film,
  title,
  children,
  action = <BrowseVideos />,
  headingLevel = 2,
  alert = false,
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className={styles.empty} {...emptyStateMark}>
      <Icon aria-hidden size={48} strokeWidth={1.5} className={styles.icon} />
      <Heading className={styles.heading}>{title}</Heading>
      <p className={styles.message} role={alert ? 'alert' : undefined}>
        {children}
      </p>
      {action}
    </div>
  );
}
