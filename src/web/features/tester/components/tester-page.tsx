import { useId, useReducer, type FormEvent } from 'react';
import { sendTesterRequest } from '../send-request';
import {
  initialTesterState,
  REQUEST_METHODS,
  testerReducer,
  type ReqType,
} from '../tester-reducer';
import { testerTexts } from '../tester-texts';
import { HeaderRows } from './header-rows';
import { MockPanel } from './mock-panel';
import { ResponseView } from './response-view';
import styles from './tester-page.module.css';

/** /mock: the request tester (SPEC §2) with the mock panel beside it. */
export function TesterPage() {
  const [state, dispatch] = useReducer(testerReducer, undefined, initialTesterState);
  const ids = {
    method: useId(),
    endpoint: useId(),
    body: useId(),
    bodyError: useId(),
    response: useId(),
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const requestId = state.requestCount + 1;
    dispatch({ type: 'submitted' });
    const response = await sendTesterRequest({
      reqType: state.reqType,
      endpoint: state.endpoint,
      headers: state.headers,
      body: state.body,
    });
    dispatch({ type: 'received', requestId, response });
  }

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{testerTexts.pageTitle}</h1>
      <MockPanel />
      <form className={styles.request} onSubmit={(event) => void handleSubmit(event)}>
        <div className={styles.requestLine}>
          <label className={styles.visuallyHidden} htmlFor={ids.method}>
            {testerTexts.methodLabel}
          </label>
          <select
            id={ids.method}
            className={styles.select}
            value={state.reqType}
            onChange={(event) =>
              dispatch({ type: 'setReqType', reqType: event.target.value as ReqType })
            }
          >
            {REQUEST_METHODS.map((method) => (
              <option key={method} value={method}>
                {method}
              </option>
            ))}
          </select>
          <label className={styles.visuallyHidden} htmlFor={ids.endpoint}>
            {testerTexts.endpointLabel}
          </label>
          <input
            id={ids.endpoint}
            className={styles.input}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder={testerTexts.endpointPlaceholder}
            value={state.endpoint}
            onChange={(event) => dispatch({ type: 'setEndpoint', endpoint: event.target.value })}
          />
          <button type="submit" className={styles.primaryButton}>
            {testerTexts.submit}
          </button>
        </div>

        <HeaderRows rows={state.headerRows} dispatch={dispatch} />

        <div className={styles.bodyField}>
          <label className={styles.subheading} htmlFor={ids.body}>
            {testerTexts.bodyLabel}
          </label>
          <textarea
            id={ids.body}
            className={styles.textarea}
            rows={6}
            spellCheck={false}
            value={state.bodyText}
            aria-invalid={state.bodyError}
            aria-describedby={state.bodyError ? ids.bodyError : undefined}
            onChange={(event) => dispatch({ type: 'editBody', text: event.target.value })}
          />
          {state.bodyError && (
            <p id={ids.bodyError} className={styles.errorText}>
              {testerTexts.bodyError}
            </p>
          )}
          {state.reqType === 'GET' && (
            <p className={styles.muted}>{testerTexts.bodyIgnoredForGet}</p>
          )}
        </div>
      </form>

      <section
        className={styles.response}
        aria-labelledby={ids.response}
        aria-live="polite"
        aria-busy={state.sending}
      >
        <h2 id={ids.response} className={styles.subheading}>
          {testerTexts.responseHeading}
        </h2>
        {/* While a request is out, the previous answer is hidden so it is not taken for its answer. */}
        {state.sending ? (
          <p className={styles.muted}>{testerTexts.sending}</p>
        ) : (
          <ResponseView response={state.response} />
        )}
      </section>
    </div>
  );
}

// React.lazy needs a default export (DESIGN §6).
export default TesterPage;
