import * as z from 'zod/mini';
import {
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  MAX_NAME_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_PASSWORD_LENGTH,
  MAX_PLAYLIST_TITLE_LENGTH,
  MAX_QUERY_TEXT,
  MAX_TODO_TITLE_LENGTH,
  MAX_VIDEO_SECONDS,
} from './limits';

/*
 * Validation costs the same whatever a client sends (README, "Security and limits"): a length
 * check comes first and aborts, so nothing after it looks at a value already too long, and every
 * other rule reads a value once (no backtracking pattern).
 */
const atMost = (max: number, params: { error?: string } = {}) =>
  z.maxLength(max, { ...params, abort: true });

const requiredText = (max: number) => z.string().check(z.trim(), atMost(max), z.minLength(1));
/*
 * A 422's messages are a field's name and its rule in plain words. The API words the rules a
 * check's kind tells (src/api/http/read-body.ts: required, type, length, range); a rule it cannot
 * (a pattern, a range read from a query's text) carries its own `error`.
 */
const emailRule = 'must be an email address like name@example.com';

/**
 * `name@domain.tld`: one `@` with something before it, no blanks, and a dot inside the domain
 * (neither its first nor its last character). Read in one pass: the pattern it replaces,
 * /^[^\s@]+@[^\s@]+\.[^\s@]+$/, backtracks quadratically on `a@a.a.a.…@`.
 */
export function looksLikeEmail(text: string): boolean {
  const at = text.indexOf('@');
  if (at < 1 || text.indexOf('@', at + 1) !== -1 || /\s/.test(text)) return false;
  const dot = text.indexOf('.', at + 2);
  return dot !== -1 && dot < text.length - 1;
}

/** POST /api/auth/signup. Extra fields are kept on the user (product §3). */
export const signupBodySchema = z.looseObject({
  firstName: requiredText(MAX_NAME_LENGTH),
  lastName: requiredText(MAX_NAME_LENGTH),
  email: z.string().check(
    z.trim(),
    atMost(MAX_EMAIL_LENGTH),
    z.refine(looksLikeEmail, { error: emailRule }),
    // For the OpenAPI document, which cannot show a function.
    z.meta({ format: 'email' }),
  ),
  password: z.string().check(atMost(MAX_PASSWORD_LENGTH), z.minLength(1)),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/** POST /api/auth/login. */
export const loginBodySchema = z.object({
  email: z.string().check(z.trim(), atMost(MAX_EMAIL_LENGTH), z.minLength(1)),
  password: z.string().check(atMost(MAX_PASSWORD_LENGTH), z.minLength(1)),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/user/profile: the user's new names. */
export const profileBodySchema = z.object({
  firstName: requiredText(MAX_NAME_LENGTH),
  lastName: requiredText(MAX_NAME_LENGTH),
});

/** POST /api/user/password: the current password, and the new one (signup's policy). */
export const passwordChangeBodySchema = z.object({
  currentPassword: z.string().check(atMost(MAX_PASSWORD_LENGTH), z.minLength(1)),
  newPassword: z.string().check(atMost(MAX_PASSWORD_LENGTH), z.minLength(1)),
});

/** POST /api/user/delete-account: the user's password, typed again. */
export const deleteAccountBodySchema = z.object({
  currentPassword: z.string().check(atMost(MAX_PASSWORD_LENGTH), z.minLength(1)),
});

/**
 * `{ video }` posted to likes, history, watch later or a playlist. Only `_id` is read: the stored
 * item is the catalogue's copy, so a client cannot plant a made-up video.
 */
export const videoBodySchema = z.object({
  video: z.looseObject({ _id: requiredText(MAX_ID_LENGTH) }),
});
export type VideoBody = z.infer<typeof videoBodySchema>;

/**
 * `{ video, before? }` posted to a playlist. `before` (optional) lists the videos that followed
 * the video when it was taken out, nearest first: it goes back in front of the first of them still
 * in the playlist (Undo of a removal puts it back in its place). Without it, or with none of them
 * left, the video goes at the end.
 */
export const playlistVideoBodySchema = z.object({
  video: z.looseObject({ _id: requiredText(MAX_ID_LENGTH) }),
  before: z.optional(z.array(requiredText(MAX_ID_LENGTH))),
});
export type PlaylistVideoBody = z.infer<typeof playlistVideoBodySchema>;

/**
 * POST /api/user/playlists/{playlistId}/order: the playlist's videos, every one once, in their new
 * order (decision 0026). A list that does not name exactly the playlist's videos is refused (409),
 * so a reorder never drops nor brings back a video another tab added or removed meanwhile.
 */
export const playlistOrderBodySchema = z.object({
  videos: z
    .array(requiredText(MAX_ID_LENGTH))
    .check(
      z.refine((ids) => new Set(ids).size === ids.length, { error: 'must name each video once' }),
    ),
});
export type PlaylistOrderBody = z.infer<typeof playlistOrderBodySchema>;

/** POST /api/user/playlists. A blank title is allowed: product §4's playlist-page modal sends one. */
export const playlistBodySchema = z.object({
  playlist: z.looseObject({ title: z.string().check(atMost(MAX_PLAYLIST_TITLE_LENGTH)) }),
});
export type PlaylistBody = z.infer<typeof playlistBodySchema>;

/** A position in a video, in whole or fractional seconds. */
const videoSeconds = z.number().check(z.gte(0), z.lte(MAX_VIDEO_SECONDS));

/** POST /api/user/notes/:videoId. product §5: no emptiness check on the content. */
export const noteBodySchema = z.object({
  note: z.looseObject({
    content: z.string().check(atMost(MAX_NOTE_LENGTH)),
    time: z.optional(videoSeconds),
  }),
});
export type NoteBody = z.infer<typeof noteBodySchema>;

/**
 * PATCH /api/user/notes/:noteId: the note's new text, as long as a new note's may be (the moment
 * in the video it was started at stays).
 */
export const noteEditBodySchema = z.object({
  note: z.looseObject({ content: z.string().check(atMost(MAX_NOTE_LENGTH)) }),
});
export type NoteEditBody = z.infer<typeof noteEditBodySchema>;

/**
 * POST /api/user/progress/:videoId: where the user is in the video and, when the player knows it,
 * how long the video is (a save without it keeps the length stored before).
 */
export const progressBodySchema = z.object({
  seconds: videoSeconds,
  duration: z.optional(z.number().check(z.gt(0), z.lte(MAX_VIDEO_SECONDS))),
});
export type ProgressBody = z.infer<typeof progressBodySchema>;

/** A whole number written in a query (`?limit=20`), from `min` to `max`. */
const wholeNumber = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return z.pipe(
    // A longer text cannot be in range; the digits are checked by one anchored pass.
    z.string().check(atMost(String(max).length + 2, { error }), z.regex(/^\d+$/, { error })),
    z.pipe(
      z.transform((text: string) => Number(text)),
      z.number().check(z.gte(min, { error }), z.lte(max, { error })),
    ),
  );
};

/** The most videos one page of a catalogue listing may hold. */
export const MAX_VIDEO_PAGE = 100;

const pageParams = {
  offset: z.optional(wholeNumber(0, 1_000_000_000)),
  limit: z.optional(wholeNumber(1, MAX_VIDEO_PAGE)),
};

/**
 * GET /api/videos' optional query: a page (offset, limit) of the videos in a category, of a
 * channel and/or whose title contains `search` (the home screen's rules: exact category and
 * channel, case-sensitive substring of the title). Without any of them the route answers the
 * whole catalogue while it is small.
 */
export const videoQuerySchema = z.object({
  category: z.optional(z.string().check(atMost(MAX_QUERY_TEXT))),
  channel: z.optional(z.string().check(atMost(MAX_QUERY_TEXT))),
  search: z.optional(z.string().check(atMost(MAX_QUERY_TEXT))),
  ...pageParams,
});
export type VideoQueryParams = z.infer<typeof videoQuerySchema>;

/** A page of a listing: GET /api/videos/trending. */
export const pageQuerySchema = z.object(pageParams);
export type PageQueryParams = z.infer<typeof pageQuerySchema>;

/**
 * GET /api/videos/search: the results page's query. Case- and accent-insensitive over title,
 * channel and description; `q` must hold something besides spaces.
 */
export const searchQuerySchema = z.object({
  q: z.string().check(z.trim(), atMost(MAX_QUERY_TEXT), z.minLength(1)),
  ...pageParams,
});
export type SearchQueryParams = z.infer<typeof searchQuerySchema>;

/** The most videos an Up next list may hold. */
export const MAX_UP_NEXT = 50;

/** GET /api/video/:videoId/up-next. */
export const upNextQuerySchema = z.object({ limit: z.optional(wholeNumber(1, MAX_UP_NEXT)) });

/** POST /api/test-todos. */
export const todoBodySchema = z.object({
  title: requiredText(MAX_TODO_TITLE_LENGTH),
  completed: z.optional(z.boolean()),
});
export type TodoBody = z.infer<typeof todoBodySchema>;
