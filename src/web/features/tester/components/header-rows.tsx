import type { Dispatch } from 'react';
import { enabledHeaderCount, type HeaderRow, type TesterAction } from '../tester-reducer';
import { testerTexts } from '../tester-texts';
import styles from './tester-page.module.css';

/** The headers list: per row an enable checkbox, a name and a value (product §2). */
export function HeaderRows({
  rows,
  dispatch,
}: {
  rows: readonly HeaderRow[];
  dispatch: Dispatch<TesterAction>;
}) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.subheading}>
        {testerTexts.headersHeading(enabledHeaderCount(rows))}
      </legend>
      <ul className={styles.headerRows}>
        {/* Rows are only ever appended, so the index is a stable key. */}
        {rows.map((row, index) => (
          <li key={index} className={styles.headerRow}>
            <input
              type="checkbox"
              className={styles.checkbox}
              checked={row.isUsed}
              aria-label={testerTexts.headerUseLabel(index + 1)}
              onChange={(event) =>
                dispatch({ type: 'toggleHeader', index, isUsed: event.target.checked })
              }
            />
            <input
              type="text"
              className={styles.input}
              value={row.header}
              placeholder={testerTexts.headerNamePlaceholder}
              aria-label={testerTexts.headerNameLabel(index + 1)}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) =>
                dispatch({ type: 'editHeader', index, field: 'header', text: event.target.value })
              }
            />
            <input
              type="text"
              className={styles.input}
              value={row.value}
              placeholder={testerTexts.headerValuePlaceholder}
              aria-label={testerTexts.headerValueLabel(index + 1)}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) =>
                dispatch({ type: 'editHeader', index, field: 'value', text: event.target.value })
              }
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
