import * as z from 'zod/mini';
import {
  categorySchema,
  noteSchema,
  playlistSchema,
  progressSchema,
  publicUserSchema,
  todoSchema,
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
/** GET /api/config: what the page needs to know about this backend. */
export const configResponseSchema = z.object({ demoAccount: z.boolean() });
export type ConfigResponse = z.infer<typeof configResponseSchema>;
/** POST /api/auth/logout and /api/auth/logout-everywhere. */
export const logoutResponseSchema = z.object({
  loggedOut: z.enum(['this session', 'every session']),
});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
/** `total` comes with paged or filtered requests: how many videos match in all. */
export const videosResponseSchema = z.object({
  videos: z.array(videoSchema),
  total: z.optional(z.number()),
});
export const videoResponseSchema = z.object({ video: videoSchema });
export const categoriesResponseSchema = z.object({ categories: z.array(categorySchema) });
export const categoryResponseSchema = z.object({ category: categorySchema });
export const likesResponseSchema = z.object({ likes: z.array(videoSchema) });
export const historyResponseSchema = z.object({ history: z.array(videoSchema) });
export const watchLaterResponseSchema = z.object({ watchlater: z.array(videoSchema) });
export const playlistsResponseSchema = z.object({ playlists: z.array(playlistSchema) });
export const playlistResponseSchema = z.object({ playlist: playlistSchema });
export const notesResponseSchema = z.object({ notes: z.array(noteSchema) });
export const progressResponseSchema = z.object({ progress: z.array(progressSchema) });
export const todosResponseSchema = z.object({ todos: z.array(todoSchema) });
export const healthResponseSchema = z.object({ status: z.literal('ok') });

export type SignupResponse = z.infer<typeof signupResponseSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type VideosResponse = z.infer<typeof videosResponseSchema>;
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
