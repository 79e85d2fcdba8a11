import { groupDigits } from './digits';
import { MAX_NOTES, MAX_NOTES_CHARACTERS, MAX_PLAYLISTS } from './limits';

/**
 * The error catalogue: product §8's statuses and messages, word for word, plus the API's own
 * messages for cases the spec leaves open. Every error body is `{ "errors": [message] }`.
 */
export const apiErrors = {
  emailExists: { status: 422, message: 'Unprocessable Entity. Email Already Exists.' },
  emailNotRegistered: {
    status: 404,
    message: 'The email you entered is not Registered. Not Found error',
  },
  invalidCredentials: {
    status: 401,
    message: 'The credentials you entered are invalid. Unauthorized access error.',
  },
  invalidToken: { status: 401, message: 'The token is invalid. Unauthorized access error.' },
  alreadyInHistory: { status: 409, message: 'The video is already in your history' },
  // product §8 gives watch later the liked-videos message too; the client never shows it.
  alreadyLiked: { status: 409, message: 'The video is already in your liked videos' },
  alreadyInPlaylist: { status: 409, message: 'The video is already in your playlist' },
  userNotFound: { status: 404, message: 'The user you request does not exist. Not Found error.' },
  videoNotFound: {
    status: 404,
    message: 'The video you requested does not exist. Not Found error.',
  },
  transcriptNotFound: {
    status: 404,
    message: 'The video you requested has no transcript. Not Found error.',
  },
  categoryNotFound: {
    status: 404,
    message: 'The category you requested does not exist. Not Found error.',
  },
  playlistNotFound: {
    status: 404,
    message: 'The playlist you requested does not exist. Not Found error.',
  },
  playlistOrderStale: {
    status: 409,
    message:
      "The playlist's videos changed meanwhile (in another tab?): load it again and move the video again.",
  },
  tooManyNotes: {
    status: 422,
    message:
      `You can keep at most ${groupDigits(MAX_NOTES)} notes of ` +
      `${groupDigits(MAX_NOTES_CHARACTERS)} characters in all. Delete some to add more.`,
  },
  tooManyPlaylists: {
    status: 422,
    message: `You can keep at most ${MAX_PLAYLISTS} playlists. Delete some to add more.`,
  },
  courseNotFound: {
    status: 404,
    message: 'The course you requested does not exist. Not Found error.',
  },
  lessonNotFound: {
    status: 404,
    message: 'The video is not a lesson of this course. Not Found error.',
  },
  noteNotFound: { status: 404, message: 'The note you requested does not exist. Not Found error.' },
  todoNotFound: { status: 404, message: 'The todo you requested does not exist. Not Found error.' },
  routeNotFound: { status: 404, message: 'No API route matches this method and path.' },
  // 403, not 401: the web app ends a session on a 401, and this one is still good.
  wrongPassword: { status: 403, message: 'The password you entered is not your current password.' },
  accountDisabled: {
    status: 403,
    message: "This account is disabled. Ask the site's operators to enable it again.",
  },
  signupClosed: {
    status: 403,
    message: "Signups are closed on this site. Ask the site's operators for an account.",
  },
  // The API names the domains (signupDomainMessage); this is the OpenAPI document's general form.
  signupDomainRefused: {
    status: 403,
    message: 'Signups are limited to email addresses at the domains this site allows.',
  },
  tooManyRequests: {
    status: 429,
    message: 'Too many attempts. Please wait a little and try again.',
  },
  catalogueBusy: {
    status: 429,
    message: 'Too many catalogue requests at once from this address. Please try again in a moment.',
  },
  busy: { status: 503, message: 'The server is busy. Please try again in a moment.' },
  malformedJson: { status: 400, message: 'The request body is not valid JSON.' },
  payloadTooLarge: { status: 413, message: 'The request body is larger than 1 MB.' },
  // A body sent as anything else (a form's text/plain) is refused unread: a page on another site
  // can send those without asking, but not JSON (the browser asks the API first, and it says no).
  urlTooLong: { status: 414, message: 'The request address (URL) is longer than 8 KB.' },
  unsupportedMediaType: { status: 415, message: 'Content-Type must be application/json' },
  internal: { status: 500, message: 'Internal Server Error' },
} as const satisfies Record<string, { status: number; message: string }>;

/** signupDomainRefused's message as the API answers it: the domains named, `a, b or c`. */
export function signupDomainMessage(domains: readonly string[]): string {
  const listed =
    domains.length <= 1
      ? (domains[0] ?? '')
      : `${domains.slice(0, -1).join(', ')} or ${domains.at(-1)}`;
  return `Signups are limited to email addresses at ${listed}.`;
}

export type ApiErrorName = keyof typeof apiErrors;

/** The body of every error response. */
export interface ErrorBody {
  errors: string[];
}
