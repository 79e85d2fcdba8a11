import type { ColumnType, Generated, Selectable } from 'kysely';
import type * as z from 'zod/mini';
import type { VideoField, VideoFieldName, VideoFields } from '../../contract/video-fields';

/**
 * The tables of architecture §3 as Kysely sees them. `seq` columns are insertion counters: lists keep
 * the order in which rows were added, even when two adds share a second-resolution timestamp.
 */
export interface Database {
  meta: MetaTable;
  users: UsersTable;
  categories: CategoriesTable;
  videos: VideosTable;
  likes: VideoListTable;
  history: VideoListTable;
  watch_later: VideoListTable;
  playlists: PlaylistsTable;
  playlist_videos: PlaylistVideosTable;
  notes: NotesTable;
  progress: ProgressTable;
  todos: TodosTable;
  revoked_tokens: RevokedTokensTable;
  session_generations: SessionGenerationsTable;
  courses: CoursesTable;
  course_sections: CourseSectionsTable;
  course_lessons: CourseLessonsTable;
  lesson_marks: LessonMarksTable;
  transcripts: TranscriptsTable;
  transcript_chunks: TranscriptChunksTable;
  transcript_vocabulary: TranscriptVocabularyTable;
}

/** Operators' courses (migration 0017), in the order first added (`seq`). */
export interface CoursesTable {
  seq: Generated<number | string>;
  slug: string;
  title: string;
  description: string;
}

/** A course's sections by position; a null title: an untitled section. */
export interface CourseSectionsTable {
  course_slug: string;
  position: number;
  title: string | null;
}

/** A course's lessons in order (`position` across the course), each in its section. */
export interface CourseLessonsTable {
  course_slug: string;
  section: number;
  position: number;
  video_id: string;
}

/** A user's done mark on a lesson of a course. */
export interface LessonMarksTable {
  user_id: string;
  course_slug: string;
  video_id: string;
  marked_at: string;
}

/** Logged-out tokens by jti, until they expire (epoch seconds; pg hands bigint back as text). */
export interface RevokedTokensTable {
  jti: string;
  expires_at: ColumnType<number | string, number, number>;
}

/** 'Log out everywhere': only tokens of the user's current generation are valid. */
export interface SessionGenerationsTable {
  user_id: string;
  generation: number;
}

/** Key/value facts about the database itself, e.g. that it has been seeded. */
export interface MetaTable {
  key: string;
  value: string;
}

export interface UsersTable {
  id: string;
  /** Normalised by the API; unique, so two signups with one email cannot both succeed. */
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  /** Extra signup fields (product §3) as a JSON object. */
  extras: string;
  created_at: string;
  updated_at: string;
  /** 1: an operator disabled the account (migration 0015). */
  disabled: Generated<number>;
  /**
   * Writes to each of the user's video lists, counted by triggers (migration 0011; bigint:
   * PostgreSQL hands it back as a string).
   */
  likes_version: Generated<number | string>;
  history_version: Generated<number | string>;
  watch_later_version: Generated<number | string>;
}

/** A user's own fields, without the list counts the database keeps. */
export type UserFields = Omit<
  Selectable<UsersTable>,
  'likes_version' | 'history_version' | 'watch_later_version' | 'disabled'
> & { disabled?: number };

export interface CategoriesTable {
  id: string;
  position: number;
  category_name: string;
  description: string;
}

/** A column of a video field (video-fields.ts): nullable when the field is optional. */
type VideoFieldColumn<F extends VideoField> = F['sql'] extends 'bigint'
  ? /** PostgreSQL hands a bigint back as a string, SQLite as a number. */
    ColumnType<number | string, number, number>
  : undefined extends z.output<F['schema']>
    ? ColumnType<
        NonNullable<z.output<F['schema']>> | null,
        NonNullable<z.output<F['schema']>> | null | undefined,
        NonNullable<z.output<F['schema']>> | null
      >
    : z.output<F['schema']>;

export type VideosTable = {
  [K in VideoFieldName as VideoFields[K]['column']]: VideoFieldColumn<VideoFields[K]>;
} & {
  /** Catalogue order. */
  position: number;
  /** The import source that wrote the video last; null: none did (migration 0016). */
  source: ColumnType<string | null, string | null | undefined, string | null>;
};

/** likes, history and watch_later share this shape; (user_id, video_id) is unique. */
export interface VideoListTable {
  seq: Generated<number | string>;
  user_id: string;
  video_id: string;
  added_at: string;
}

export interface PlaylistsTable {
  seq: Generated<number | string>;
  id: string;
  user_id: string;
  title: string;
  created_at: string;
}

/** (playlist_id, video_id) is unique. */
export interface PlaylistVideosTable {
  seq: Generated<number | string>;
  playlist_id: string;
  video_id: string;
  added_at: string;
}

export interface NotesTable {
  seq: Generated<number | string>;
  id: string;
  user_id: string;
  video_id: string;
  content: string;
  created_at: string;
  /** Seconds into the video; null for notes made without a player. */
  time_seconds: number | null;
}

export interface ProgressTable {
  user_id: string;
  video_id: string;
  seconds: number;
  updated_at: string;
  /** The video's length in seconds; null when the player did not say (migration 0005). */
  duration_seconds: number | null;
}

export interface TodosTable {
  seq: Generated<number | string>;
  id: string;
  title: string;
  /** 0 or 1: one representation for both dialects. */
  completed: number;
  /** Who added it (`user:<id>` or `address:<ip>`); null for the shared samples. */
  owner: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The words said, by their ends reversed (migration 0021, transcript-words.ts). */
export interface TranscriptVocabularyTable {
  reversed: string;
  plain: number | boolean;
}

/** PostgreSQL only (migration 0019): a transcript's search rows, folded windows of cues. */
export interface TranscriptChunksTable {
  video_id: string;
  chunk: number;
  text_folded: string;
}

/** One video's transcript (migration 0018): cue texts joined, and their times (transcript-text.ts). */
export interface TranscriptsTable {
  video_id: string;
  language: string | null;
  text: string;
  timing: string;
}
