import type { Data, Literal, Root } from 'mdast';
import { findAndReplace } from 'mdast-util-find-and-replace';
import { TIMESTAMP_PATTERN, parseTimestamp } from '../note-timestamps';

/** A moment found in the text (its own node type, so it is not merged back into the text). */
interface Timestamp extends Literal {
  type: 'timestamp';
  data: Data;
}

declare module 'mdast' {
  interface PhrasingContentMap {
    timestamp: Timestamp;
  }
}

/** The element a typed moment becomes; note-markdown.tsx draws it as a link that seeks. */
export const TIMESTAMP_TAG = 'time';

/**
 * A remark plugin: moments typed in a note's prose (`1:02:10`) become `<time data-seconds>`
 * elements. Code (fenced or inline) has no text children, so it is never touched; text already
 * inside a link is skipped too. Raw HTML is turned into text later, so a `<time>` typed by the
 * author never reaches the page as an element.
 */
export function remarkTimestamps() {
  return (tree: Root) => {
    findAndReplace(
      tree,
      [
        new RegExp(TIMESTAMP_PATTERN.source, 'g'),
        (value: string) => {
          const seconds = parseTimestamp(value);
          if (seconds === undefined) return false;
          const node: Timestamp = {
            type: 'timestamp',
            value,
            data: {
              hName: TIMESTAMP_TAG,
              hProperties: { dataSeconds: String(seconds) },
              hChildren: [{ type: 'text', value }],
            },
          };
          return node;
        },
      ],
      { ignore: ['link', 'linkReference'] },
    );
  };
}
