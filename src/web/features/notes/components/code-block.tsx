import { useEffect, useMemo, useRef, useState } from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import { Check, Copy } from 'lucide-react';
import type * as Highlighter from '../markdown/highlighter';
import styles from './note-markdown.module.css';

const copyTexts = { copy: 'Copy code', copied: 'Copied', failed: 'Copy failed' } as const;

/** How long 'Copied' stays beside the button. */
const STATUS_MS = 2000;

type HighlighterModule = typeof Highlighter;
let highlighter: Promise<HighlighterModule> | undefined;
/** highlight.js is a chunk of its own, loaded the first time a note shows fenced code. */
const loadHighlighter = () => (highlighter ??= import('../markdown/highlighter'));

function useHighlighter(): HighlighterModule | undefined {
  const [module, setModule] = useState<HighlighterModule>();
  useEffect(() => {
    let live = true;
    void loadHighlighter().then((loaded) => {
      if (live) setModule(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  return module;
}

/**
 * A fenced code block: monospace, highlighted when its language is known (plain until the
 * highlighter has loaded), with 'Copy code'.
 */
export function CodeBlock({ code, language }: { code: string; language?: string }) {
  const highlight = useHighlighter();
  const known = highlight?.knownLanguage(language);
  const body = useMemo(
    () =>
      highlight && known
        ? toJsxRuntime(highlight.highlightCode(code, known), { Fragment, jsx, jsxs })
        : code,
    [code, highlight, known],
  );
  const [status, setStatus] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(code);
      copied = true;
    } catch {
      // No clipboard (an insecure page, or permission refused): say so.
    }
    setStatus(copied ? copyTexts.copied : copyTexts.failed);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(''), STATUS_MS);
  };

  return (
    <div className={styles.codeBlock}>
      <div className={styles.codeBar}>
        <span className={styles.language}>{language || 'code'}</span>
        <span role="status" className={styles.copyStatus}>
          {status}
        </span>
        <button type="button" className={styles.copy} onClick={() => void copy()}>
          {status === copyTexts.copied ? (
            <Check aria-hidden size={16} />
          ) : (
            <Copy aria-hidden size={16} />
          )}
          {copyTexts.copy}
        </button>
      </div>
      {/* Focusable so a keyboard can scroll a long line sideways. */}
      <pre className={styles.pre} tabIndex={0}>
        <code className={known ? `hljs language-${known}` : undefined}>{body}</code>
      </pre>
    </div>
  );
}
