import { useId } from 'react';
import { testerTexts } from '../tester-texts';
import styles from './tester-page.module.css';

/** 'Use my session': puts the signed-in user's token in an authorization header row. */
export function SessionSwitch({
  token,
  on,
  onChange,
}: {
  token: string | null;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const noteId = useId();
  const note =
    token === null
      ? testerTexts.noSession
      : on
        ? testerTexts.sessionOnNote
        : testerTexts.sessionOffNote;
  return (
    <div className={styles.switchField}>
      <label className={styles.switchLabel}>
        <input
          type="checkbox"
          role="switch"
          className={styles.checkbox}
          checked={token !== null && on}
          disabled={token === null}
          aria-describedby={noteId}
          onChange={(event) => onChange(event.target.checked)}
        />
        {testerTexts.sessionLabel}
      </label>
      <p id={noteId} className={styles.muted}>
        {note}
      </p>
    </div>
  );
}
