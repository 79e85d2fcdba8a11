import type { ReactNode } from 'react';
import styles from './empty-state.module.css';

/** The message a list shows when it has nothing (SPEC §8's empty-state texts). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}
