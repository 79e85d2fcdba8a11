import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

/** A screen's title row, with room for its actions. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.row}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}
