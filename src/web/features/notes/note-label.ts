/** How long a note's name may be (the rest is cut, with an ellipsis). */
const LABEL_LENGTH = 40;

/** One line of Markdown as the words it shows: no markers, no link addresses, no fences. */
function plainLine(line: string): string {
  return line
    .replace(/^\s*(```|~~~).*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)+/, '')
    .replace(/[*`~]+|(?<!\w)_+|_+(?!\w)/g, '')
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
