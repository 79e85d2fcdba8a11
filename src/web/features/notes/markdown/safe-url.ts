/** The only link targets a note may have: web pages and e-mail addresses. */
const allowedProtocols = new Set(['http:', 'https:', 'mailto:']);

/**
 * The URL when it is an absolute http(s) or mailto address, else '' (the link is then drawn as
 * plain text). `javascript:`, `data:`, `vbscript:`, relative paths and anything unparsable are
 * refused; the check runs on the URL as the browser would read it, so case, leading blanks and
 * control characters cannot sneak a scheme past it.
 */
export function safeUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return '';
  }
  return allowedProtocols.has(url.protocol) ? value.trim() : '';
}
