import { useId, useReducer, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useScreenTitle } from '../../../lib/use-screen-title';
import { useAuth } from '../../../state/use-store';
import { sendTesterRequest, type TesterRequest } from '../send-request';
import { historyEntry, type HistoryEntry } from '../tester-history';
import {
  initialTesterState,
  REQUEST_METHODS,
  testerReducer,
  usesSession,
  type ReqType,
} from '../tester-reducer';
import { testerTexts } from '../tester-texts';
import { useEndpointOptions } from '../use-endpoint-options';
import { useTesterHistory } from '../use-tester-history';
import { CopyCurlButton } from './copy-curl-button';
import { EndpointPicker } from './endpoint-picker';
import { HeaderRows } from './header-rows';
import { MockPanel } from './mock-panel';
import { RequestHistory } from './request-history';
import { ResponseView } from './response-view';
import { SessionSwitch } from './session-switch';
import styles from './tester-page.module.css';

/** True for Ctrl+Enter, and Cmd+Enter on a Mac. */
const isSendShortcut = (event: KeyboardEvent) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey;

/**
 * /mock: the request tester (product §2) with the mock panel beside it. `sessionToken` is the
 * signed-in user's token, for 'Use my session' (null when logged out).
 */
export function TesterPage({ sessionToken = null }: { sessionToken?: string | null }) {
  const [state, dispatch] = useReducer(testerReducer, undefined, initialTesterState);
  const endpoints = useEndpointOptions();
  const history = useTesterHistory(sessionToken);
  useScreenTitle('tester');
  const ids = {
    method: useId(),
    endpoint: useId(),
    body: useId(),
    bodyError: useId(),
    response: useId(),
    shortcut: useId(),
    lastValid: useId(),
  };
  const bodyBox = useRef<HTMLTextAreaElement>(null);
  // product §5: with the box invalid, Submit sends the last valid body; the form shows which.
  const sendsLastValid = state.bodyError && state.reqType !== 'GET';

  const request: TesterRequest = {
    reqType: state.reqType,
    endpoint: state.endpoint,
    headers: state.headers,
    body: state.body,
  };
  const pickedKey =
    endpoints.list.status === 'ready'
      ? (endpoints.list.options.find(
          (option) => option.method === state.reqType && option.endpoint === state.endpoint,
        )?.key ?? '')
      : '';

  async function send(sent: TesterRequest) {
    const requestId = state.requestCount + 1;
    const sentAt = new Date();
    dispatch({ type: 'submitted' });
    const response = await sendTesterRequest(sent);
    dispatch({ type: 'received', requestId, response });
    history.record(historyEntry(sent, response, sentAt));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(request);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (!isSendShortcut(event)) return;
    // Also keeps Ctrl+Enter from adding a line to the body box.
    event.preventDefault();
    void send(request);
  }

  function handleRerun(entry: HistoryEntry) {
    const { reqType, endpoint, headers, body } = entry;
    dispatch({ type: 'loadRequest', reqType, endpoint, headers, body });
    void send({ reqType, endpoint, headers, body });
  }

  return (
    // A div, not a second <main>: the app layout's <main> holds every page, this one included.
    <div className={styles.page} onKeyDown={handleKeyDown}>
      <h1 className={styles.heading}>{testerTexts.pageTitle}</h1>
      <MockPanel
        paths={
          endpoints.list.status === 'ready'
            ? [...new Set(endpoints.list.options.map((option) => option.path))]
            : []
        }
      />
      <form className={styles.request} onSubmit={handleSubmit}>
        <EndpointPicker
          list={endpoints.list}
          selectedKey={pickedKey}
          onRetry={endpoints.retry}
          onPick={(option) =>
            dispatch({
              type: 'pickEndpoint',
              reqType: option.method,
              endpoint: option.endpoint,
              ...(option.exampleBody === undefined ? {} : { body: option.exampleBody }),
            })
          }
        />
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
          <button
            type="submit"
            className={styles.primaryButton}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            aria-describedby={sendsLastValid ? `${ids.lastValid} ${ids.shortcut}` : ids.shortcut}
          >
            {testerTexts.submit}
          </button>
        </div>
        {sendsLastValid && (
          <div className={styles.lastValid}>
            <div id={ids.lastValid}>
              <p className={styles.lastValidNote}>{testerTexts.sendsLastValidBody}</p>
              <pre className={styles.lastValidBody}>{state.body}</pre>
            </div>
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => {
                dispatch({ type: 'editBody', text: state.body });
                bodyBox.current?.focus();
              }}
            >
              {testerTexts.restoreLastValidBody}
            </button>
          </div>
        )}
        <p id={ids.shortcut} className={styles.hint}>
          {testerTexts.shortcutHint}
        </p>

        <HeaderRows rows={state.headerRows} dispatch={dispatch} />
        <SessionSwitch
          token={sessionToken}
          on={usesSession(state.headerRows, sessionToken)}
          onChange={(on) => dispatch({ type: 'setSessionHeader', token: on ? sessionToken : null })}
        />

        <div className={styles.bodyField}>
          <label className={styles.subheading} htmlFor={ids.body}>
            {testerTexts.bodyLabel}
          </label>
          <textarea
            ref={bodyBox}
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
        <CopyCurlButton request={request} />
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

      <RequestHistory entries={history.entries} onRerun={handleRerun} onClear={history.clear} />
    </div>
  );
}

/** The /mock route: the tester with the signed-in user's token from the auth store. */
function TesterRoute() {
  const { state } = useAuth();
  return <TesterPage sessionToken={state.token} />;
}

// React.lazy needs a default export (architecture §6).
export default TesterRoute;
