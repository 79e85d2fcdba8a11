import type * as z from 'zod/mini';
import type { ApiErrorName } from './errors';
import {
  loginBodySchema,
  noteBodySchema,
  playlistBodySchema,
  progressBodySchema,
  signupBodySchema,
  todoBodySchema,
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
  upNextResponseSchema,
  videoResponseSchema,
  videosResponseSchema,
  watchLaterResponseSchema,
} from './responses';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** One row of the API's route table (product §7 plus the additions of architecture §2). */
export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI-style path: `{name}` marks a parameter. */
  path: string;
  summary: string;
  /** Longer notes for the OpenAPI document. */
  description?: string;
  auth: boolean;
  body?: z.ZodMiniType;
  /** Optional query parameters, as an object schema. */
  query?: z.ZodMiniType;
  status: 200 | 201;
  response: z.ZodMiniType;
  errors: ApiErrorName[];
}

const userErrors: ApiErrorName[] = ['invalidToken', 'emailNotRegistered'];
const writeErrors: ApiErrorName[] = ['invalidToken', 'userNotFound'];

/** The route table: the OpenAPI document and the request tester's endpoint list come from it. */
export const routeTable: RouteSpec[] = [
  {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Create an account',
    auth: false,
    body: signupBodySchema,
    status: 201,
    response: signupResponseSchema,
    errors: ['emailExists', 'tooManyRequests', 'busy'],
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in',
    auth: false,
    body: loginBodySchema,
    status: 200,
    response: loginResponseSchema,
    errors: ['emailNotRegistered', 'invalidCredentials', 'tooManyRequests', 'busy'],
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
    method: 'GET',
    path: '/api/config',
    summary: "This backend's settings the page needs: whether the demo account is available",
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
      'order, with `total`. Every ' +
      'catalogue answer carries an ETag; If-None-Match with it answers 304.',
    auth: false,
    query: videoQuerySchema,
    status: 200,
    response: videosResponseSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/videos/trending',
    summary: 'A page of the most viewed videos',
    auth: false,
    query: pageQuerySchema,
    status: 200,
    response: videosResponseSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/videos/search',
    summary: 'Search the catalogue',
    description:
      'Title, channel and description, ignoring case and accents: title matches first, then by ' +
      'views. `total` counts at most 1,000 matches (more: `totalCapped: true`).',
    auth: false,
    query: searchQuerySchema,
    status: 200,
    response: videosResponseSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/videos/category-names',
    summary: "The catalogue's category names, for the home chips",
    auth: false,
    status: 200,
    response: categoryNamesResponseSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/video/{videoId}',
    summary: 'One video',
    auth: false,
    status: 200,
    response: videoResponseSchema,
    errors: ['videoNotFound'],
  },
  {
    method: 'GET',
    path: '/api/video/{videoId}/up-next',
    summary: 'What to watch next: the same category first, then the most viewed',
    auth: false,
    query: upNextQuerySchema,
    status: 200,
    response: upNextResponseSchema,
    errors: ['videoNotFound'],
  },
  {
    method: 'GET',
    path: '/api/categories',
    summary: 'List the categories',
    auth: false,
    status: 200,
    response: categoriesResponseSchema,
    errors: [],
  },
  {
    method: 'GET',
    path: '/api/categories/{categoryId}',
    summary: 'One category',
    auth: false,
    status: 200,
    response: categoryResponseSchema,
    errors: ['categoryNotFound'],
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
    body: videoBodySchema,
    status: 201,
    response: playlistResponseSchema,
    errors: [...writeErrors, 'playlistNotFound', 'videoNotFound', 'alreadyInPlaylist'],
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
];

function videoListRoutes(
  list: 'likes' | 'history' | 'watchlater',
  label: string,
  response: z.ZodMiniType,
  duplicate: ApiErrorName,
): RouteSpec[] {
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
  ];
}
