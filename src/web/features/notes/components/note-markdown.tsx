import type { Element, ElementContent } from 'hast';
import Markdown, { type Components } from 'react-markdown';
import { formatTime } from '../../../lib/format';
import { timeLink } from '../notes-markdown';
import { remarkTimestamps } from '../markdown/remark-timestamps';
import { safeUrl } from '../markdown/safe-url';
import { CodeBlock } from './code-block';
import styles from './note-markdown.module.css';

export interface NoteMarkdownProps {
  content: string;
  videoId: string;
  /** Moves the player; false when there is none (the link then opens YouTube at that moment). */
  onSeek: (seconds: number) => boolean;
}

const remarkPlugins = [remarkTimestamps];

function textOf(nodes: ElementContent[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' ? node.value : node.type === 'element' ? textOf(node.children) : '',
    )
    .join('');
}

function fencedCode(pre: Element | undefined) {
  const code = pre?.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  if (!code) return undefined;
  const classes = code.properties.className;
  const languageClass = Array.isArray(classes)
    ? classes.map(String).find((name) => name.startsWith('language-'))
    : undefined;
  return {
    code: textOf(code.children).replace(/\n$/, ''),
    language: languageClass?.slice('language-'.length),
  };
}

/**
 * A note drawn as Markdown (CommonMark). Nothing here goes through innerHTML: react-markdown builds
 * React elements, raw HTML in a note is shown as text, link targets pass safeUrl, and images are
 * shown as links (the page's image policy would block them anyway). Headings start at level 3,
 * below the panel's own heading.
 */
export default function NoteMarkdown({ content, videoId, onSeek }: NoteMarkdownProps) {
  const components: Components = {
    a: ({ href, children }) =>
      href ? (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      ) : (
        <span>{children}</span>
      ),
    img: ({ src, alt }) => {
      const url = typeof src === 'string' ? src : '';
      return url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {alt || url}
        </a>
      ) : (
        <span>{alt}</span>
      );
    },
    h1: ({ children }) => <h3 className={styles.heading}>{children}</h3>,
    h2: ({ children }) => <h4 className={styles.heading}>{children}</h4>,
    h3: ({ children }) => <h5 className={styles.heading}>{children}</h5>,
    h4: ({ children }) => <h6 className={styles.heading}>{children}</h6>,
    h5: ({ children }) => <h6 className={styles.heading}>{children}</h6>,
    h6: ({ children }) => <h6 className={styles.heading}>{children}</h6>,
    pre: ({ node }) => {
      const block = fencedCode(node);
      return block ? <CodeBlock code={block.code} language={block.language} /> : null;
    },
    time: ({ node, children }) => {
      const seconds = Number(node?.properties.dataSeconds);
      if (!Number.isFinite(seconds)) return <>{children}</>;
      return (
        <a
          className={styles.moment}
          href={timeLink(videoId, seconds)}
          title={`Play from ${formatTime(seconds)}`}
          onClick={(event) => {
            if (onSeek(seconds)) event.preventDefault();
          }}
        >
          {children}
        </a>
      );
    },
  };
  return (
    <div className={styles.markdown}>
      <Markdown remarkPlugins={remarkPlugins} urlTransform={safeUrl} components={components}>
        {content}
      </Markdown>
    </div>
  );
}
