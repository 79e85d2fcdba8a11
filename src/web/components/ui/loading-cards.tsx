import styles from './loading-cards.module.css';

/**
 * What a screen shows while its videos load: grey cards in the grid's shape (so nothing jumps
 * when the real ones arrive), announced as 'Loading…' to screen readers.
 */
export function LoadingCards({ count = 8 }: { count?: number }) {
  return (
    <div role="status" className={styles.loading}>
      <span className="visually-hidden">Loading…</span>
      <div className={styles.grid} aria-hidden>
        {Array.from({ length: count }, (_, index) => (
          <div key={index} className={styles.card}>
            <div className={styles.thumbnail} />
            <div className={styles.line} />
            <div className={`${styles.line} ${styles.short}`} />
          </div>
        ))}
      </div>
    </div>
  );
}
