import type * as z from 'zod/mini';
import { courseRouteRows } from './course-routes';
import type { ApiErrorName } from './errors';
import {
  deleteAccountBodySchema,
  loginBodySchema,
  passwordChangeBodySchema,
  profileBodySchema,
  noteBodySchema,
  noteEditBodySchema,
  playlistBodySchema,
  progressBodySchema,
  signupBodySchema,
  todoBodySchema,
  playlistVideoBodySchema,
  playlistOrderBodySchema,
  videoBodySchema,
  pageQuerySchema,
  searchQuerySchema,
  upNextQuerySchema,
  videoQuerySchema,
} from './requests';
import {
  categoriesResponseSchema,
  categoryNamesResponseSchema,
  categoryResponseSchema,
  configResponseSchema,
  deleteAccountResponseSchema,
  passwordChangeResponseSchema,
  profileResponseSchema,
  userDataResponseSchema,
  historyResponseSchema,
  likesResponseSchema,
  loginResponseSchema,
  logoutResponseSchema,
  notesResponseSchema,
  playlistResponseSchema,
  playlistsResponseSchema,
  progressResponseSchema,
  signupResponseSchema,
  todosResponseSchema,
  transcriptResponseSchema,
  upNextResponseSchema,
  videoResponseSchema,
  videosResponseSchema,
  watchLaterResponseSchema,
} from './responses';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One row of the API's route table (product §7 plus the additions of architecture §2). */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** OpenAPI-style path: `{name}` marks a parameter. */
  readonly path: string;
  readonly summary: string;
  /** Longer notes for the OpenAPI document. */
  readonly description?: string;
  readonly auth: boolean;
  readonly body?: z.ZodMiniType;
  /** Optional query parameters, as an object schema. */
  readonly query?: z.ZodMiniType;
  readonly status: 200 | 201;
  readonly response: z.ZodMiniType;
  readonly errors: readonly ApiErrorName[];
}

const userErrors = ['invalidToken', 'emailNotRegistered'] as const satisfies ApiErrorName[];
const writeErrors = ['invalidToken', 'userNotFound'] as const satisfies ApiErrorName[];

/** The rows, `as const`: each one's literal method, path and schemas reach the types below. */
const rows = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Create an account',
    auth: false,
    body: signupBodySchema,
    status: 201,
    response: signupResponseSchema,
    errors: ['emailExists', 'signupClosed', 'signupDomainRefused', 'tooManyRequests', 'busy'],
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in',
    auth: false,
    body: loginBodySchema,
    status: 200,
    response: loginResponseSchema,
    errors: [
      'emailNotRegistered',
      'invalidCredentials',
      'accountDisabled',
      'tooManyRequests',
      'busy',
    ],
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Log out: this token stops working at once',
    auth: true,
    status: 200,
    response: logoutResponseSchema,
    errors: writeErrors,
  },
  {
    method: 'POST',
    path: '/api/auth/logout-everywhere',
    summary: "Log out everywhere: every token of the user's stops working",
    auth: true,
    status: 200,
    response: logoutResponseSchema,
    errors: writeErrors,
  },
  {
    method: 'POST',
    path: '/api/user/profile',
    summary: 'Change my first and last name',
    auth: true,
    body: profileBodySchema,
    status: 200,
    response: profileResponseSchema,
    errors: writeErrors,
  },
  {
    method: 'POST',
    path: '/api/user/password',
    summary: 'Change my password',
    description:
      'With the current password. Every other session of the user ends; the answer carries a ' +
      'token for this one. A wrong current password is 403 (not 401: the session is still ' +
      'good); after 10 wrong ones in 15 minutes, 429. The new password follows the signup policy.',
    auth: true,
    body: passwordChangeBodySchema,
    status: 200,
    response: passwordChangeResponseSchema,
    errors: [...writeErrors, 'wrongPassword', 'tooManyRequests', 'busy'],
  },
  {
    method: 'GET',
    path: '/api/user/export',
    summary: 'Download all my data: profile, lists, playlists, notes, positions (JSON)',
    auth: true,
    status: 200,
    response: userDataResponseSchema,
    errors: userErrors,
  },
  {
    method: 'POST',
    path: '/api/user/delete-account',
    summary: 'Delete my account and all its data, after typing my password',
    auth: true,
    body: deleteAccountBodySchema,
    status: 200,
    response: deleteAccountResponseSchema,
    errors: [...writeErrors, 'wrongPassword', 'tooManyRequests', 'busy'],
  },
  {
    method: 'GET',
    path: '/api/config',
    summary:
      "This backend's settings the page needs: whether the demo account is available, and who " +
      'may sign up',
    auth: false,
    status: 200,
    response: configResponseSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/videos',
    summary: 'List the catalogue',
    description:
      'Bare: every video while the catalogue holds at most CATALOGUE_FULL_LIST_MAX (10,000 by ' +
      'default); above that the first page with `total` and a `Link: <…>; rel="next"` header. ' +
      'With category, channel, search, offset or limit: one page of the videos of that category ' +
      'and channel (both exact) whose title contains `search` (case-sensitive), in catalogue ' +
      'order, with `total`. A search examines at most 20,000 candidates (titles holding the ' +
      'text in any case; every video for a text of one or two characters): when they run out ' +
      'first, `videos` and `total` are the matches among them and `searchStopped` is true. Every ' +
      'catalogue answer carries an ETag; If-None-Match with it answers 304. Parameters other ' +
      'than these are ignored. A client address may have 4 catalogue reads computed at once; ' +
      'one more is answered 429 with Retry-After: 1.',
    auth: false,
    query: videoQuerySchema,
    status: 200,
    response: videosResponseSchema,
    errors: ['catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/videos/trending',
    summary: 'A page of the most viewed videos',
    auth: false,
    query: pageQuerySchema,
    status: 200,
    response: videosResponseSchema,
    errors: ['catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/videos/search',
    summary: 'Search the catalogue',
    description:
      'Title, transcript, channel and description, ignoring case and accents: title matches ' +
      'first, then videos in whose transcript the text is said (each with its moment in ' +
      '`moments`), then channel and description matches, each group by views. A text shorter ' +
      'than 3 characters or without a letter or digit is not looked for in transcripts. ' +
      '`total` counts at most 1,000 matches (more: `totalCapped: true`). Pages end at ' +
      'offset 10,000: a deeper one holds no videos.',
    auth: false,
    query: searchQuerySchema,
    status: 200,
    response: videosResponseSchema,
    errors: ['catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/videos/category-names',
    summary: "The catalogue's category names, for the home chips",
    auth: false,
    status: 200,
    response: categoryNamesResponseSchema,
    errors: ['catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/video/{videoId}',
    summary: 'One video',
    auth: false,
    status: 200,
    response: videoResponseSchema,
    errors: ['videoNotFound', 'catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/video/{videoId}/up-next',
    summary: 'What to watch next: the same category first, then the most viewed',
    auth: false,
    query: upNextQuerySchema,
    status: 200,
    response: upNextResponseSchema,
    errors: ['videoNotFound', 'catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/video/{videoId}/transcript',
    summary: "What is said in a video: its transcript's lines (start, end in seconds, text)",
    auth: false,
    status: 200,
    response: transcriptResponseSchema,
    errors: ['videoNotFound', 'transcriptNotFound', 'catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/categories',
    summary: 'List the categories',
    auth: false,
    status: 200,
    response: categoriesResponseSchema,
    errors: ['catalogueBusy'],
  },
  {
    method: 'GET',
    path: '/api/categories/{categoryId}',
    summary: 'One category',
    auth: false,
    status: 200,
    response: categoryResponseSchema,
    errors: ['categoryNotFound', 'catalogueBusy'],
  },
  ...videoListRoutes('likes', 'liked videos', likesResponseSchema, 'alreadyLiked'),
  ...videoListRoutes('history', 'history', historyResponseSchema, 'alreadyInHistory'),
  {
    method: 'DELETE',
    path: '/api/user/history/all',
    summary: 'Clear the history',
    auth: true,
    status: 200,
    response: historyResponseSchema,
    errors: writeErrors,
  },
  ...videoListRoutes('watchlater', 'watch later', watchLaterResponseSchema, 'alreadyLiked'),
  {
    method: 'GET',
    path: '/api/user/playlists',
    summary: 'List my playlists',
    auth: true,
    status: 200,
    response: playlistsResponseSchema,
    errors: userErrors,
  },
  {
    method: 'POST',
    path: '/api/user/playlists',
    summary: 'Create a playlist',
    auth: true,
    body: playlistBodySchema,
    status: 201,
    response: playlistsResponseSchema,
    errors: writeErrors,
  },
  {
    method: 'DELETE',
    path: '/api/user/playlists/{playlistId}',
    summary: 'Delete a playlist',
    auth: true,
    status: 200,
    response: playlistsResponseSchema,
    errors: [...writeErrors, 'playlistNotFound'],
  },
  {
    method: 'GET',
    path: '/api/user/playlists/{playlistId}',
    summary: 'One of my playlists',
    auth: true,
    status: 200,
    response: playlistResponseSchema,
    errors: [...userErrors, 'playlistNotFound'],
  },
  {
    method: 'POST',
    path: '/api/user/playlists/{playlistId}',
    summary: 'Add a video to a playlist',
    auth: true,
    body: playlistVideoBodySchema,
    status: 201,
    response: playlistResponseSchema,
    errors: [...writeErrors, 'playlistNotFound', 'videoNotFound', 'alreadyInPlaylist'],
  },
  {
    method: 'POST',
    path: '/api/user/playlists/{playlistId}/order',
    summary: "Put a playlist's videos in a new order",
    description:
      "The body names every video of the playlist once, in the new order. A list that is not exactly the playlist's videos (one added or removed meanwhile, in another tab) is refused with 409: read the playlist again and send its new order.",
    auth: true,
    body: playlistOrderBodySchema,
    status: 200,
    response: playlistResponseSchema,
    errors: [...writeErrors, 'playlistNotFound', 'playlistOrderStale'],
  },
  {
    method: 'DELETE',
    path: '/api/user/playlists/{playlistId}/{videoId}',
    summary: 'Remove a video from a playlist',
    auth: true,
    status: 200,
    response: playlistResponseSchema,
    errors: [...writeErrors, 'playlistNotFound'],
  },
  {
    method: 'GET',
    path: '/api/user/notes',
    summary: 'List my notes',
    auth: true,
    status: 200,
    response: notesResponseSchema,
    errors: userErrors,
  },
  {
    method: 'POST',
    path: '/api/user/notes/{videoId}',
    summary: 'Add a note to a video',
    auth: true,
    body: noteBodySchema,
    status: 201,
    response: notesResponseSchema,
    errors: [...writeErrors, 'videoNotFound'],
  },
  {
    method: 'PATCH',
    path: '/api/user/notes/{noteId}',
    summary: 'Change the text of one of my notes',
    description:
      "The same Markdown and length rule as a new note's; the note keeps its video and its moment " +
      "in the video. Another user's note answers 404.",
    auth: true,
    body: noteEditBodySchema,
    status: 200,
    response: notesResponseSchema,
    errors: [...writeErrors, 'noteNotFound', 'tooManyNotes'],
  },
  {
    method: 'DELETE',
    path: '/api/user/notes/{noteId}',
    summary: 'Delete a note',
    auth: true,
    status: 200,
    response: notesResponseSchema,
    errors: [...writeErrors, 'noteNotFound'],
  },
  {
    method: 'GET',
    path: '/api/user/progress',
    summary: 'Where I stopped in each video, most recent first',
    auth: true,
    status: 200,
    response: progressResponseSchema,
    errors: userErrors,
  },
  {
    method: 'POST',
    path: '/api/user/progress/{videoId}',
    summary: 'Save where I am in a video',
    auth: true,
    body: progressBodySchema,
    status: 200,
    response: progressResponseSchema,
    errors: [...writeErrors, 'videoNotFound'],
  },
  {
    method: 'DELETE',
    path: '/api/user/progress/{videoId}',
    summary: 'Forget where I was in a video',
    auth: true,
    status: 200,
    response: progressResponseSchema,
    errors: writeErrors,
  },
  ...courseRouteRows,
  {
    method: 'GET',
    path: '/api/test-todos',
    summary: 'List the sample todos (request tester)',
    auth: false,
    status: 200,
    response: todosResponseSchema,
    errors: [],
  },
  {
    method: 'POST',
    path: '/api/test-todos',
    summary: 'Add a sample todo',
    auth: false,
    body: todoBodySchema,
    status: 201,
    response: todosResponseSchema,
    errors: [],
  },
  {
    method: 'DELETE',
    path: '/api/test-todos/{todoId}',
    summary: 'Delete a sample todo',
    auth: false,
    status: 200,
    response: todosResponseSchema,
    errors: ['todoNotFound'],
  },
] as const satisfies readonly RouteSpec[];

/**
 * The route table: the API mounts its routes from these rows (api/http/mount-routes.ts: method,
 * path, auth, body and query checks, status), the OpenAPI document, the request tester's endpoint
 * list and the fuzzer read it here, and the web client its types (`ApiRoutes`).
 */
export const routeTable: readonly RouteSpec[] = rows;

function videoListRoutes<
  const List extends 'likes' | 'history' | 'watchlater',
  Response extends z.ZodMiniType,
  const Duplicate extends ApiErrorName,
>(list: List, label: string, response: Response, duplicate: Duplicate) {
  return [
    {
      method: 'GET',
      path: `/api/user/${list}`,
      summary: `List my ${label}`,
      auth: true,
      status: 200,
      response,
      errors: userErrors,
    },
    {
      method: 'POST',
      path: `/api/user/${list}`,
      summary: `Add a video to my ${label}`,
      auth: true,
      body: videoBodySchema,
      status: 201,
      response,
      errors: [...writeErrors, 'videoNotFound', duplicate],
    },
    {
      method: 'DELETE',
      path: `/api/user/${list}/{videoId}`,
      summary: `Remove a video from my ${label}`,
      auth: true,
      status: 200,
      response,
      errors: writeErrors,
    },
  ] as const satisfies readonly RouteSpec[];
}

/** One row of the table, with its literal method, path and schemas. */
type RouteRow = (typeof rows)[number];

/**
 * The table as a type: each route by its name, `METHOD /path` as the table writes it
 * (`POST /api/user/likes`, `DELETE /api/user/likes/{videoId}`). Types only: a module that imports
 * it with `import type` takes none of the schemas' code along.
 */
export type ApiRoutes = { [Row in RouteRow as `${Row['method']} ${Row['path']}`]: Row };

/** A route's name, e.g. `GET /api/video/{videoId}`. */
export type RouteKey = keyof ApiRoutes;

/** The `{name}` parameters of a path template, e.g. 'playlistId' | 'videoId'. */
export type PathParamNames<Path extends string> =
  Path extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** A route's path parameters, each a string (sent percent-encoded). */
export type RouteParams<K extends RouteKey> = {
  [Name in PathParamNames<ApiRoutes[K]['path']>]: string;
};

/** The body a route takes, as a client writes it (the schema's input); undefined when none. */
export type RouteBody<K extends RouteKey> = ApiRoutes[K] extends {
  body: infer Schema extends z.ZodMiniType;
}
  ? z.input<Schema>
  : undefined;

/** A route's query parameters, as a client writes them (strings); undefined when it takes none. */
export type RouteQuery<K extends RouteKey> = ApiRoutes[K] extends {
  query: infer Schema extends z.ZodMiniType;
}
  ? z.input<Schema>
  : undefined;

/** What a route answers on success. */
export type RouteResponse<K extends RouteKey> = z.output<ApiRoutes[K]['response']>;
