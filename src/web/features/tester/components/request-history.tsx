import { useId } from 'react';
import type { HistoryEntry } from '../tester-history';
import { testerTexts } from '../tester-texts';
import styles from './tester-page.module.css';

function Outcome({ outcome }: { outcome: HistoryEntry['outcome'] }) {
  if ('error' in outcome) return <span className={styles.statusFailed}>{outcome.error}</span>;
  const ok = outcome.status >= 200 && outcome.status <= 299;
  return (
    <span className={ok ? styles.statusOk : styles.statusFailed}>
      {outcome.status} {outcome.statusText}
    </span>
  );
}

/** The last requests, newest first, each loadable into the form and sent again. */
export function RequestHistory({
  entries,
  onRerun,
  onClear,
}: {
  entries: readonly HistoryEntry[];
  onRerun: (entry: HistoryEntry) => void;
  onClear: () => void;
}) {
  const headingId = useId();
  return (
    <section className={styles.history} aria-labelledby={headingId}>
      <div className={styles.historyTop}>
        <h2 id={headingId} className={styles.subheading}>
          {testerTexts.historyHeading(entries.length)}
        </h2>
        <button
          type="button"
          className={styles.secondaryButton}
          disabled={entries.length === 0}
          onClick={onClear}
        >
          {testerTexts.historyClear}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className={styles.muted}>{testerTexts.historyEmpty}</p>
      ) : (
        <ol className={styles.historyList}>
          {entries.map((entry) => {
            const headerCount = Object.keys(entry.headers).length;
            return (
              <li key={entry.id} className={styles.historyEntry}>
                <div className={styles.historyText}>
                  <p className={styles.historyRequest}>
                    <span className={styles.historyMethod}>{entry.reqType}</span> {entry.endpoint}
                  </p>
                  <p className={styles.historyMeta}>
                    <Outcome outcome={entry.outcome} />
                    {entry.durationMs !== undefined && (
                      <span>{testerTexts.formatTime(entry.durationMs)}</span>
                    )}
                    <span>{testerTexts.historyHeaders(headerCount)}</span>
                    <time dateTime={entry.sentAt}>{new Date(entry.sentAt).toLocaleString()}</time>
                  </p>
                </div>
                <button
                  type="button"
                  className={styles.secondaryButton}
                  aria-label={testerTexts.historyRerunLabel(entry.reqType, entry.endpoint)}
                  onClick={() => onRerun(entry)}
                >
                  {testerTexts.historyRerun}
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
