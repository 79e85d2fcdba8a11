import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/** A screen's title row, with room for its actions (then marked for heading-actions.ts). */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.row} data-heading-actions={children ? '' : undefined}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
