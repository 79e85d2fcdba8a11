import type { TesterResponse } from '../tester-reducer';
import { testerTexts } from '../tester-texts';
import { JsonViewer } from './json-viewer';
import styles from './tester-page.module.css';

function Body({ data }: { data: unknown }) {
  if (data === undefined) return <p className={styles.muted}>{testerTexts.emptyBody}</p>;
  if (typeof data === 'string') {
    // Not JSON (an HTML page, plain text): shown as the text it is.
    return (
      <pre className={styles.textBody} tabIndex={0} aria-label={testerTexts.jsonViewerLabel}>
        {data}
      </pre>
    );
  }
  return <JsonViewer value={data} label={testerTexts.jsonViewerLabel} />;
}

function Timing({ durationMs, sizeBytes }: { durationMs?: number; sizeBytes?: number }) {
  if (durationMs === undefined && sizeBytes === undefined) return null;
  return (
    <dl className={styles.timing} data-testid="response-timing">
      {durationMs !== undefined && (
        <div>
          <dt>{testerTexts.timeLabel}</dt>
          <dd>{testerTexts.formatTime(durationMs)}</dd>
        </div>
      )}
      {sizeBytes !== undefined && (
        <div>
          <dt>{testerTexts.sizeLabel}</dt>
          <dd>{testerTexts.formatSize(sizeBytes)}</dd>
        </div>
      )}
    </dl>
  );
}

/** What the last Submit got back: status, data and headers, or the error when nothing came. */
export function ResponseView({ response }: { response: TesterResponse | undefined }) {
  if (!response) return <p className={styles.muted}>{testerTexts.noResponse}</p>;

  if (response.kind === 'error') {
    return (
      <div className={styles.failure}>
        <h3 className={styles.label}>{testerTexts.errorLabel}</h3>
        <p className={styles.errorText}>
          {response.name}: {response.message}
        </p>
        {response.detail && <p className={styles.muted}>{response.detail}</p>}
        <Timing durationMs={response.durationMs} />
      </div>
    );
  }

  return (
    <>
      <h3 className={styles.label}>{testerTexts.statusLabel}</h3>
      <p
        className={response.ok ? styles.statusOk : styles.statusFailed}
        data-testid="response-status"
      >
        {response.status} {response.statusText}
      </p>
      <Timing durationMs={response.durationMs} sizeBytes={response.sizeBytes} />
      <h3 className={styles.label}>{testerTexts.dataLabel}</h3>
      <Body data={response.data} />
      <h3 className={styles.label}>{testerTexts.responseHeadersLabel}</h3>
      {response.headers.length === 0 ? (
        <p className={styles.muted}>{testerTexts.noResponseHeaders}</p>
      ) : (
        <dl className={styles.responseHeaders} aria-label={testerTexts.responseHeadersLabel}>
          {response.headers.map(([name, value]) => (
            <div key={name} className={styles.responseHeader}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
