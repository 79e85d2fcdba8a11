import { ApiRequestError, firstError } from '../lib/api-client';

/**
 * What a failed load says. product §8: a list screen shows the error's status text (a 500 may
 * have the screen's own text instead). An answer with no status text (HTTP/2 has none; a timeout
 * or a cut connection has no answer) says the server's message (the first entry of the error
 * body), or else a plain sentence.
 */
export function loadFailureText(error: unknown, serverErrorText?: string): string {
  if (!(error instanceof ApiRequestError)) return 'Unable to load data';
  if (error.status === 500 && serverErrorText) return serverErrorText;
  if (error.statusText) return error.statusText;
  const message = firstError(error.data);
  if (message) return message;
  return error.status >= 500
    ? 'The server could not answer right now.'
    : 'The server could not answer this request.';
}
