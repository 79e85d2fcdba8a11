import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/** The title row of the screen on show, when it holds actions (the toasts stay clear of it). */
export const HEADING_WITH_ACTIONS = '[data-heading-actions]';

/** A screen's title row, with room for its actions. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.row} data-heading-actions={children ? '' : undefined}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
