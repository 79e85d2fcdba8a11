import { useEffect, useId, useRef, useState } from 'react';
import { buildCurlCommand } from '../curl';
import type { TesterRequest } from '../send-request';
import { testerTexts } from '../tester-texts';
import styles from './tester-page.module.css';

type CopyState =
  | { kind: 'idle' }
  | { kind: 'copied' }
  | { kind: 'manual'; command: string }
  | { kind: 'impossible'; message: string };

/** 'Copy as cURL': the request as Submit would send it, on the clipboard or selected to copy. */
export function CopyCurlButton({ request }: { request: TesterRequest }) {
  const [state, setState] = useState<CopyState>({ kind: 'idle' });
  const fallbackRef = useRef<HTMLTextAreaElement>(null);
  const fallbackId = useId();

  useEffect(() => {
    // The fallback: the command selected in a box the user copies from with the keyboard.
    if (state.kind === 'manual') fallbackRef.current?.select();
  }, [state]);

  async function handleCopy() {
    let command: string;
    try {
      // Resolved as fetch resolves the endpoint: against this page's address.
      command = buildCurlCommand(request, window.location.href);
    } catch (error) {
      setState({
        kind: 'impossible',
        message: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    try {
      // Absent outside secure contexts; rejects when the browser denies the permission.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(command);
      setState({ kind: 'copied' });
    } catch {
      setState({ kind: 'manual', command });
    }
  }

  const message =
    state.kind === 'copied'
      ? testerTexts.curlCopied
      : state.kind === 'manual'
        ? testerTexts.curlSelectPrompt
        : state.kind === 'impossible'
          ? testerTexts.curlImpossible(state.message)
          : '';

  return (
    <div className={styles.curl}>
      <button type="button" className={styles.secondaryButton} onClick={() => void handleCopy()}>
        {testerTexts.copyCurl}
      </button>
      <p role="status" className={styles.panelStatus}>
        {message}
      </p>
      {state.kind === 'manual' && (
        <>
          <label className={styles.visuallyHidden} htmlFor={fallbackId}>
            {testerTexts.curlLabel}
          </label>
          <textarea
            id={fallbackId}
            ref={fallbackRef}
            className={styles.textarea}
            rows={3}
            readOnly
            value={state.command}
          />
        </>
      )}
    </div>
  );
}
