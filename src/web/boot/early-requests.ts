/**
 * Requests the boot script sends while the app's JavaScript is still downloading, and the API
 * client takes up instead of asking again (lib/api-client.ts). Server mode only: in mock mode the
 * API lives in the app itself.
 */

/** Answers older than this are left alone: the app asks afresh. */
const MAX_AGE_MS = 30_000;

interface EarlyRequests {
  /** The token they were sent with (null: signed out). */
  token: string | null;
  sentAt: number;
  responses: Map<string, Promise<Response>>;
}

declare global {
  interface Window {
    __codetubeEarlyRequests?: EarlyRequests;
  }
}

/** Sends GETs for these API paths as the API client would (same headers), and keeps the answers. */
export function sendEarlyRequests(paths: readonly string[], token: string | null): void {
  if (paths.length === 0) return;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = token;
  const responses = new Map<string, Promise<Response>>();
  for (const path of paths) {
    const response = fetch(path, { headers });
    // A failure is reported by the screen that takes the answer up, as its own request's would be.
    response.catch(() => undefined);
    responses.set(path, response);
  }
  window.__codetubeEarlyRequests = { token, sentAt: Date.now(), responses };
}

/**
 * The answer to an early GET of exactly this path, sent with this token, once; undefined when
 * there is none (or it is too old), and the caller sends its own request.
 */
export function takeEarlyResponse(
  path: string,
  token: string | null,
): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__codetubeEarlyRequests;
  if (!early) return undefined;
  const response = early.responses.get(path);
  early.responses.delete(path);
  if (early.token !== token || Date.now() - early.sentAt > MAX_AGE_MS) return undefined;
  return response;
}
