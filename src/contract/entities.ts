import * as z from 'zod/mini';
import { videoShape } from './video-fields';

/** A catalogue video: its fields are declared in video-fields.ts. */
export const videoSchema = z.object(videoShape);
export type Video = z.infer<typeof videoSchema>;

/**
 * A history entry: the video plus when it was added (`watchedAt`, YYYY-MM-DDTHH:mm:ssZ). The
 * field is optional and additive: clients that know only videos read the same list as before.
 */
export const historyItemSchema = z.extend(videoSchema, { watchedAt: z.optional(z.string()) });
export type HistoryItem = z.infer<typeof historyItemSchema>;

export const categorySchema = z.object({
  _id: z.string(),
  categoryName: z.string(),
  description: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** The user as the API shows it: never a password or its hash; extra signup fields ride along. */
export const publicUserSchema = z.looseObject({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const playlistSchema = z.object({
  _id: z.string(),
  title: z.string(),
  videos: z.array(videoSchema),
});
export type Playlist = z.infer<typeof playlistSchema>;

export const noteSchema = z.object({
  _id: z.string(),
  content: z.string(),
  videoId: z.string(),
  /** Seconds into the video when the note was started; absent for notes made without a player. */
  time: z.optional(z.number()),
});
export type Note = z.infer<typeof noteSchema>;

/** Where a user stopped watching a video, for resuming and 'Continue watching'. */
export const progressSchema = z.object({
  videoId: z.string(),
  seconds: z.number(),
  /** The video's length in seconds, when the player knew it (the progress bar's whole). */
  duration: z.optional(z.number()),
  updatedAt: z.string(),
});
export type Progress = z.infer<typeof progressSchema>;

/** The request tester's default resource (`/api/test-todos`). */
export const todoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  completed: z.boolean(),
});
export type Todo = z.infer<typeof todoSchema>;

/** One line of a transcript: from `start` to `end` (seconds into the video), what is said. */
export const transcriptCueSchema = z.object({
  start: z.number(),
  end: z.number(),
  text: z.string(),
});
export type TranscriptCue = z.infer<typeof transcriptCueSchema>;

/** What is said in a video, line by line in time order; `language` when the file named it. */
export const transcriptSchema = z.object({
  videoId: z.string(),
  language: z.optional(z.string()),
  cues: z.array(transcriptCueSchema),
});
export type Transcript = z.infer<typeof transcriptSchema>;

/** Where a search's text is said in a video: the line's start (seconds) and the line. */
export const transcriptMomentSchema = z.object({
  videoId: z.string(),
  start: z.number(),
  text: z.string(),
});
export type TranscriptMoment = z.infer<typeof transcriptMomentSchema>;
