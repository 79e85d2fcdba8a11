import { useId } from 'react';
import type { EndpointOption } from '../endpoint-catalogue';
import { testerTexts } from '../tester-texts';
import type { EndpointList } from '../use-endpoint-options';
import styles from './tester-page.module.css';

/**
 * The API's operations from /api/openapi.json in a native select: choosing one fills in the
 * method, the endpoint and an example body. It shows the operation the form currently holds, so
 * it never claims a choice the user has since typed over.
 */
export function EndpointPicker({
  list,
  selectedKey,
  onPick,
  onRetry,
}: {
  list: EndpointList;
  selectedKey: string;
  onPick: (option: EndpointOption) => void;
  onRetry: () => void;
}) {
  const id = useId();
  const failedId = useId();
  const options = list.status === 'ready' ? list.options : [];

  return (
    <div className={styles.picker}>
      <label className={styles.fieldLabel} htmlFor={id}>
        {testerTexts.pickerLabel}
      </label>
      <select
        id={id}
        className={styles.pickerSelect}
        value={list.status === 'ready' ? selectedKey : ''}
        disabled={list.status !== 'ready'}
        aria-describedby={list.status === 'failed' ? failedId : undefined}
        onChange={(event) => {
          const picked = options.find((option) => option.key === event.target.value);
          if (picked) onPick(picked);
        }}
      >
        <option value="">
          {list.status === 'loading' ? testerTexts.pickerLoading : testerTexts.pickerPlaceholder}
        </option>
        {options.map((option) => (
          <option key={option.key} value={option.key}>
            {testerTexts.pickerOption(
              option.method,
              option.path,
              option.summary,
              option.needsSession,
            )}
          </option>
        ))}
      </select>
      {list.status === 'failed' && (
        <p id={failedId} className={styles.inlineNotice}>
          <span className={styles.errorText}>{testerTexts.pickerFailed}</span>
          <button type="button" className={styles.linkButton} onClick={onRetry}>
            {testerTexts.pickerRetry}
          </button>
        </p>
      )}
    </div>
  );
}
