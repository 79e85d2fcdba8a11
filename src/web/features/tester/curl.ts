import { requestInit, type TesterRequest } from './send-request';

/**
 * Quotes one word for a POSIX shell: inside single quotes nothing is special except the quote
 * itself, which is closed, written escaped and reopened.
 */
export function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The tester's request as a `curl` command that sends the same thing: the method, the endpoint
 * resolved against the page's origin, the headers and body exactly as Submit sends them.
 * `--globoff` keeps curl from reading `[…]` and `{…}` in the URL as ranges and lists (a search for
 * `[React]` would fail, one for `{CSS,HTML}` send two requests): the URL is sent as it is.
 * Throws what `requestInit` and `URL` throw for a request the browser could not send either.
 */
export function buildCurlCommand(request: TesterRequest, base: string): string {
  const init = requestInit(request);
  const url = new URL(request.endpoint, base).href;
  const words = ['curl', '--globoff', '--request', init.method ?? 'GET', shellQuote(url)];
  for (const [name, value] of new Headers(init.headers)) {
    words.push('--header', shellQuote(`${name}: ${value}`));
  }
  if (typeof init.body === 'string') words.push('--data-raw', shellQuote(init.body));
  return words.join(' ');
}
