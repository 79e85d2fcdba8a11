import { lazy, Suspense } from 'react';
import { retryingImport } from '../../../lib/retrying-import';
import type { NoteMarkdownProps } from './note-markdown';
import styles from './note-markdown.module.css';

// The Markdown parser and highlighter load only when a note is on screen.
const NoteMarkdown = lazy(retryingImport(() => import('./note-markdown')));

/** A saved note's text, drawn as Markdown; the plain text stands in while that code loads. */
export function NoteContent(props: NoteMarkdownProps) {
  return (
    <Suspense fallback={<p className={styles.plain}>{props.content}</p>}>
      <NoteMarkdown {...props} />
    </Suspense>
  );
}
