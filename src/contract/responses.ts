import * as z from 'zod/mini';
import { lessonMarkSchema } from './courses';
import {
  categorySchema,
  historyItemSchema,
  noteSchema,
  playlistSchema,
  progressSchema,
  publicUserSchema,
  todoSchema,
  transcriptMomentSchema,
  transcriptSchema,
  videoSchema,
} from './entities';

export const errorBodySchema = z.object({ errors: z.array(z.string()) });
export const signupResponseSchema = z.object({
  createdUser: publicUserSchema,
  encodedToken: z.string(),
});
export const loginResponseSchema = z.object({
  foundUser: publicUserSchema,
  encodedToken: z.string(),
});
/**
 * `total` comes with every page: how many videos match in all. Searches count at most
 * SEARCH_COUNT_LIMIT matches; when there are more, `total` is that limit and `totalCapped` is true.
 */
/** GET /api/config: what the page needs to know about this backend. */
export const configResponseSchema = z.object({
  demoAccount: z.boolean(),
  /**
   * Who may sign up: `open` false, nobody; `emailDomains` not empty, only addresses at those
   * domains (the part after the @, lower case, exactly).
   */
  signup: z.object({ open: z.boolean(), emailDomains: z.array(z.string()) }),
});
export type ConfigResponse = z.infer<typeof configResponseSchema>;
/** POST /api/auth/logout and /api/auth/logout-everywhere. */
export const logoutResponseSchema = z.object({
  loggedOut: z.enum(['this session', 'every session']),
});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
export const videosResponseSchema = z.object({
  videos: z.array(videoSchema),
  total: z.optional(z.number()),
  totalCapped: z.optional(z.boolean()),
  /**
   * The home grid's filter stopped after HOME_SEARCH_SCAN candidates: `videos` and `total` are
   * the matches among the videos it examined, in catalogue order; more may follow.
   */
  searchStopped: z.optional(z.boolean()),
  /**
   * The results page: for each video on the page found by what is said in it (not by its title),
   * the first line saying the search's text and its moment.
   */
  moments: z.optional(z.array(transcriptMomentSchema)),
});
/** GET /api/video/:videoId/transcript. */
export const transcriptResponseSchema = z.object({ transcript: transcriptSchema });
/** GET /api/videos/category-names: the chips, in the order the catalogue first names them. */
export const categoryNamesResponseSchema = z.object({ categoryNames: z.array(z.string()) });
/** GET /api/video/:videoId/up-next: same category first, then the most viewed. */
export const upNextResponseSchema = z.object({ videos: z.array(videoSchema) });
export const videoResponseSchema = z.object({ video: videoSchema });
export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });
export const categoryResponseSchema = z.object({ category: categorySchema });
export const likesResponseSchema = z.object({ likes: z.array(videoSchema) });
/** Oldest first (a video watched again moves to the end); each entry says when it was added. */
export const historyResponseSchema = z.object({ history: z.array(historyItemSchema) });
export const watchLaterResponseSchema = z.object({ watchlater: z.array(videoSchema) });
export const playlistsResponseSchema = z.object({ playlists: z.array(playlistSchema) });
export const playlistResponseSchema = z.object({ playlist: playlistSchema });
export const notesResponseSchema = z.object({ notes: z.array(noteSchema) });
export const progressResponseSchema = z.object({ progress: z.array(progressSchema) });
/** POST /api/user/profile: the user with their new names. */
export const profileResponseSchema = z.object({ user: publicUserSchema });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
/** POST /api/user/password: a token of the new session generation (every other one ended). */
export const passwordChangeResponseSchema = z.object({ encodedToken: z.string() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;
/** POST /api/user/delete-account. */
export const deleteAccountResponseSchema = z.object({ deleted: z.literal(true) });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;
/**
 * GET /api/user/export and `npm run users -- export`: everything the user has here, as JSON
 * (their profile without the password hash, their lists, playlists, notes and positions).
 */
export const userDataResponseSchema = z.object({
  exportedAt: z.string(),
  profile: publicUserSchema,
  likes: z.array(videoSchema),
  history: z.array(historyItemSchema),
  watchLater: z.array(videoSchema),
  playlists: z.array(playlistSchema),
  notes: z.array(noteSchema),
  progress: z.array(progressSchema),
  /** Lessons the user marked done in courses (issue 30). */
  lessonMarks: z.optional(z.array(lessonMarkSchema)),
});
export type UserDataResponse = z.infer<typeof userDataResponseSchema>;
export const todosResponseSchema = z.object({ todos: z.array(todoSchema) });
/** GET /api/health: the database answered; the server's version (package.json). */
export const healthResponseSchema = z.object({ status: z.literal('ok'), version: z.string() });

export type SignupResponse = z.infer<typeof signupResponseSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type VideosResponse = z.infer<typeof videosResponseSchema>;
export type CategoryNamesResponse = z.infer<typeof categoryNamesResponseSchema>;
export type UpNextResponse = z.infer<typeof upNextResponseSchema>;
export type VideoResponse = z.infer<typeof videoResponseSchema>;
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;
export type LikesResponse = z.infer<typeof likesResponseSchema>;
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
export type WatchLaterResponse = z.infer<typeof watchLaterResponseSchema>;
export type PlaylistsResponse = z.infer<typeof playlistsResponseSchema>;
export type PlaylistResponse = z.infer<typeof playlistResponseSchema>;
export type NotesResponse = z.infer<typeof notesResponseSchema>;
export type ProgressResponse = z.infer<typeof progressResponseSchema>;
export type TodosResponse = z.infer<typeof todosResponseSchema>;
