/** How long a note's name may be (the rest is cut, with an ellipsis). */
const LABEL_LENGTH = 40;

/** `[text](address)` or `![text](address)`, its text without brackets. */
const LINK = /!?\[([^[\]]*)\]\([^)]*\)/g;

/**
 * `line` with its links as their text, in linear time (issue 42): only up to the line's last `)`,
 * where every link's address ends (tried further, each `](` scanned to the line's end).
 */
function linkTexts(line: string): string {
  const end = line.lastIndexOf(')') + 1;
  return line.slice(0, end).replace(LINK, '$1') + line.slice(end);
}

/**
 * One line of Markdown as the words it shows: no markers, no link addresses, no fences. Linear on
 * any line (a note holds up to 20,000 characters): no pattern scans a run from each of its
 * characters, the underscores' only from the first of a run (the lookbehind).
 */
function plainLine(line: string): string {
  return linkTexts(line.replace(/^\s*(```|~~~).*$/, ''))
    .replace(/^\s*(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)+/, '')
    .replace(/[*`~]+|(?<!\w)_+|(?<!_)_+(?!\w)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A note's name, read out for its delete button: the first line of its text that shows words,
 * as plain text (what the note reads like, not its Markdown source), cut to 40 characters.
 */
export function noteLabel(content: string): string {
  const line =
    content
      .split('\n')
      .map(plainLine)
      .find((text) => text !== '') ?? '';
  return line.length > LABEL_LENGTH ? `${line.slice(0, LABEL_LENGTH - 1).trimEnd()}…` : line;
}
