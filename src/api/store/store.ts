import type {
  Category,
  HistoryItem,
  Note,
  Playlist,
  Progress,
  PublicUser,
  Todo,
  Transcript,
  TranscriptMoment,
  Video,
} from '../../contract/entities';
import type * as z from 'zod/mini';
import type { Course, lessonMarkSchema } from '../../contract/courses';

/** The three per-user lists that hold whole videos. */
export type VideoListName = 'likes' | 'history' | 'watchlater';
export const videoListNames: readonly VideoListName[] = ['likes', 'history', 'watchlater'];

/** A user as stored: the public view plus the password hash, which never leaves the API. */
export interface StoredUser extends PublicUser {
  passwordHash: string;
  /** An operator disabled the account (`npm run users -- disable`): it cannot log in. */
  disabled?: boolean;
}

/** A user as the operators' list shows them (`npm run users -- list`). */
export interface UserSummary {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  createdAt: string;
  disabled: boolean;
}

/**
 * What users made of one catalogue video, by kind: what removing the video takes with it (the
 * catalogue CLI's `--prune` plan, issue 42).
 */
export interface VideoUserData {
  notes: number;
  likes: number;
  history: number;
  watchLater: number;
  playlistEntries: number;
  /** Course progress: done marks on the video as a lesson. */
  lessonMarks: number;
  /** Course progress: saved positions in the video. */
  positions: number;
}

export const emptyUserData = (): VideoUserData => ({
  notes: 0,
  likes: 0,
  history: 0,
  watchLater: 0,
  playlistEntries: 0,
  lessonMarks: 0,
  positions: 0,
});

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  /** Extra signup fields (product §3), already stripped of server-owned names. */
  extras: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** Everything a fresh store is filled with. */
export interface SeedData {
  /** Any number of videos: stores insert them in batches, so a generator of a million is fine. */
  videos: Iterable<Video>;
  categories: Category[];
  users: NewUser[];
  todos: Omit<Todo, '_id'>[];
  /** Transcripts of seed videos (a transcript of a video not seeded is left out). */
  transcripts?: Transcript[];
}

/** Which slice of a listing: `limit` items after the first `offset`. */
export interface PageRequest {
  offset: number;
  limit: number;
}

/**
 * The home grid's query: exact category and case-sensitive substring of the title; a channel's
 * page: exact channel name.
 */
export interface VideoQuery extends PageRequest {
  category?: string;
  channel?: string;
  search?: string;
  /** The most candidates a search examines (default HOME_SEARCH_SCAN). */
  scan?: number;
}

/**
 * One page of a listing and how many match in all. Searches count at most SEARCH_COUNT_LIMIT
 * matches, so a search that matches more says `totalCapped` and `total` is the limit.
 */
export interface VideoPage {
  videos: Video[];
  total: number;
  totalCapped?: boolean;
  /** A home search stopped at its bound of candidates: the matches are those found before it. */
  searchStopped?: boolean;
  /** The results page: where the page's transcript matches say the text (transcripts.md). */
  moments?: TranscriptMoment[];
}

/** What one catalogue write did, record by record. */
export interface UpsertCounts {
  added: number;
  updated: number;
  unchanged: number;
}

/** A stretch of the catalogue in catalogue order, and where the next one starts. */
export interface CatalogueChunk {
  videos: Video[];
  /** Pass to the next call; absent after the last chunk. */
  next?: string;
}

/** A user's mark that a lesson of a course is done (issue 30). */
export type LessonMark = z.infer<typeof lessonMarkSchema>;

/**
 * Whom a checked session belongs to: what the check compares and the routes need. The password
 * hash and the profile stay in the database.
 */
export type SessionUser = Pick<StoredUser, '_id' | 'email'>;

/** A signed-in request's user and the state of its session (Store.findSession). */
export interface SessionFacts {
  user: SessionUser;
  /** The token was logged out (revokeToken). */
  revoked: boolean;
  /** The user's current session generation (endAllSessions moves it on). */
  generation: number;
  /**
   * For each of the user's video lists, a token that changes with every write to that list and
   * with every catalogue write (the lists show the catalogue's copies of their videos), whichever
   * process made it: a list's answer may be kept under it (the server's kept list answers).
   */
  listVersions: Record<VideoListName, string>;
}

/**
 * Persistence behind the API. Every method is scoped to one user where it touches user data, so
 * one user's request cannot reach another's rows. Lists keep insertion order (oldest first).
 * A refusal (a duplicate, a missing playlist, text the database cannot hold) is a thrown
 * StoreError (store-error.ts), which the API's edge answers; any other error is a failure.
 * Implementations: MemoryStore (mock mode, tests) and SqlStore (server mode).
 */
export interface Store {
  /** True when the store has never been seeded. */
  isEmpty(): Promise<boolean>;
  /** Fills an empty store; callers check `isEmpty` first. */
  seed(data: SeedData): Promise<void>;

  /**
   * An opaque token that changes on every catalogue write (seed, upsert, removal), whichever
   * process made it: caches of catalogue reads are keyed by it.
   */
  catalogueVersion(): Promise<string>;
  /** How many videos the catalogue holds. */
  countVideos(): Promise<number>;
  /**
   * The home grid: videos of a category (exact) whose title contains `search` (case-sensitive),
   * in catalogue order. Without a search `total` is exact; with one it is capped.
   */
  queryVideos(query: VideoQuery): Promise<VideoPage>;
  /** The most viewed first (ties in catalogue order); `total` is the catalogue's size. */
  trendingVideos(page: PageRequest): Promise<VideoPage>;
  /**
   * The results page: videos whose title, transcript, channel or description contains `text`,
   * ignoring case and accents; title matches first, then transcript matches (each with its
   * moment in `moments`), then the rest, each group by views (ties in catalogue order). Texts
   * that search the short scope (searchesShortScope) are not looked for in transcripts. `total`
   * is capped.
   */
  searchVideos(text: string, page: PageRequest): Promise<VideoPage>;
  /** Up next for a video: others of its category by views, then the most viewed of the rest. */
  upNext(video: Video, limit: number): Promise<Video[]>;
  /** The distinct category names of the catalogue's videos, in order of first appearance. */
  categoryNames(): Promise<string[]>;
  /**
   * Inserts new videos (at the end of the catalogue) and updates changed ones, by `_id`. With a
   * `source` (an import's playlist or `--source`), every one of them is that source's from now
   * on, changed or not; without one, their sources stay as they are.
   */
  upsertVideos(videos: Video[], source?: string): Promise<UpsertCounts>;
  /** The ids of the videos an import of `source` wrote last (what `--prune` weighs). */
  videoIdsOfSource(source: string): Promise<string[]>;
  /** Inserts new categories and updates changed ones, by `_id`. */
  upsertCategories(categories: Category[]): Promise<UpsertCounts>;
  /**
   * How much users made of each of these videos (all users together), for the videos that have
   * any: those with none are not in the map.
   */
  userDataOfVideos(videoIds: readonly string[]): Promise<Map<string, VideoUserData>>;
  /** Removes videos (and every list entry, note and position that names them); how many went. */
  removeVideos(videoIds: string[]): Promise<number>;
  /** Reads the catalogue in order, a chunk at a time (the CLI's export). */
  readCatalogue(after: string | undefined, limit: number): Promise<CatalogueChunk>;
  /**
   * The ids of up to `limit` videos in catalogue order, from the `offset`-th (the sitemaps): an
   * index walk, no video read.
   */
  catalogueIds(offset: number, limit: number): Promise<string[]>;
  /** One catalogue video, or undefined. */
  getVideo(videoId: string): Promise<Video | undefined>;
  /**
   * The catalogue videos of these ids that exist, in no particular order, in one read (a
   * course's lessons: at most MAX_COURSE_LESSONS ids).
   */
  getVideos(videoIds: readonly string[]): Promise<Video[]>;
  /** All categories. */
  listCategories(): Promise<Category[]>;

  /** A video's transcript, or undefined when it has none or there is no such video. */
  getTranscript(videoId: string): Promise<Transcript | undefined>;
  /**
   * Puts a catalogue video's transcript in place of any it had: a catalogue write (a new
   * version). StoreError notFound when there is no such video.
   */
  putTranscript(transcript: Transcript): Promise<void>;
  /** Removes a video's transcript (a catalogue write when there was one); whether there was. */
  removeTranscript(videoId: string): Promise<boolean>;
  /** The ids of the videos that have a transcript, in catalogue order (the CLI's export). */
  transcriptIds(): Promise<string[]>;
  /** One category, or undefined. */
  getCategory(categoryId: string): Promise<Category | undefined>;

  /**
   * Every course, in the order operators first added them; a lesson whose video left the
   * catalogue is gone from its course.
   */
  listCourses(): Promise<Course[]>;
  /** One course by its slug, or undefined. */
  getCourse(slug: string): Promise<Course | undefined>;
  /**
   * A catalogue write: inserts new courses and replaces changed ones (title, description,
   * sections, lessons), by slug; users' done marks stay. StoreError notFound video when a lesson
   * names no catalogue video (nothing of the call is written).
   */
  upsertCourses(courses: Course[]): Promise<UpsertCounts>;
  /** Removes courses (and every done mark in them), by slug; how many went. */
  removeCourses(slugs: string[]): Promise<number>;
  /** The user's done marks, in every course. */
  listLessonMarks(userId: string): Promise<LessonMark[]>;
  /**
   * Marks a lesson of a course done for the user; marking it again keeps the first mark.
   * StoreError notFound course or video when either went meanwhile.
   */
  markLessonDone(userId: string, courseSlug: string, videoId: string, at: string): Promise<void>;
  /** Takes the user's mark off a lesson; no mark is a no-op. */
  unmarkLessonDone(userId: string, courseSlug: string, videoId: string): Promise<void>;

  /** Creates a user; StoreError duplicate in 'users' when the email is already registered. */
  createUser(user: NewUser): Promise<StoredUser>;
  /** Finds a user by (normalised) email. */
  findUserByEmail(email: string): Promise<StoredUser | undefined>;
  /** Every user, oldest first (the operators' list). */
  listUsers(): Promise<UserSummary[]>;
  /** Changes the user's names; the user as stored after it, or undefined when there is none. */
  updateUserName(
    userId: string,
    firstName: string,
    lastName: string,
    at: string,
  ): Promise<StoredUser | undefined>;
  /** Replaces the user's password hash (sessions are ended apart: endAllSessions). */
  setPasswordHash(userId: string, passwordHash: string, at: string): Promise<void>;
  /** Disables or enables the account (a disabled one cannot log in). */
  setUserDisabled(userId: string, disabled: boolean): Promise<void>;
  /**
   * Deletes the user and everything of theirs: lists, playlists, notes, positions, their todos
   * and session state. Deleting a user who does not exist is a no-op.
   */
  deleteUser(userId: string): Promise<void>;

  /** The videos of one of the user's lists, oldest first. */
  listVideosIn(userId: string, list: VideoListName): Promise<Video[]>;
  /**
   * The user's history, oldest first, each video with `watchedAt`: when it was added (the `at`
   * of addVideoTo). A video removed and added again moves to the end with its new time.
   */
  listHistory(userId: string): Promise<HistoryItem[]>;
  /** Adds a catalogue video at the end of a list; StoreError duplicate when it is already there. */
  addVideoTo(userId: string, list: VideoListName, videoId: string, at: string): Promise<void>;
  /**
   * Removes a video from a list; removing an absent video is a no-op. A video removed from the
   * history loses its place to resume (progress) too, in the same write.
   */
  removeVideoFrom(userId: string, list: VideoListName, videoId: string): Promise<void>;
  /** Empties a list; emptying the history forgets every place to resume too. */
  clearList(userId: string, list: VideoListName): Promise<void>;

  /** The user's playlists, oldest first. */
  listPlaylists(userId: string): Promise<Playlist[]>;
  /** One of the user's playlists, or undefined (also for another user's playlist). */
  getPlaylist(userId: string, playlistId: string): Promise<Playlist | undefined>;
  /**
   * Creates an empty playlist; StoreError tooMany when the user has MAX_PLAYLISTS already (checked
   * and written as one step, whatever runs beside it, in any process).
   */
  createPlaylist(userId: string, title: string, at: string): Promise<Playlist>;
  /** Deletes one of the user's playlists; StoreError notFound when the user has no such one. */
  deletePlaylist(userId: string, playlistId: string): Promise<void>;
  /**
   * Adds a catalogue video to one of the user's playlists: in front of the first of `before` still
   * in it (Undo of a removal), else at the end. StoreError notFound without such a playlist,
   * duplicate when the video is already in it.
   */
  addVideoToPlaylist(
    userId: string,
    playlistId: string,
    videoId: string,
    at: string,
    before?: readonly string[],
  ): Promise<void>;
  /**
   * Puts one of the user's playlists in the order of `videoIds` (each named once), checked and
   * written as one step: 'stale' (nothing changed) when they are not exactly the playlist's videos
   * (decision 0026). StoreError notFound without such a playlist.
   */
  reorderPlaylist(
    userId: string,
    playlistId: string,
    videoIds: readonly string[],
  ): Promise<'done' | 'stale'>;
  /**
   * Removes a video from one of the user's playlists (an absent video is a no-op); StoreError
   * notFound when the user has no such playlist.
   */
  removeVideoFromPlaylist(userId: string, playlistId: string, videoId: string): Promise<void>;

  /** All the user's notes, oldest first. */
  listNotes(userId: string): Promise<Note[]>;
  /**
   * Adds a note to a catalogue video, with the moment in the video it was started at; StoreError
   * tooMany when the user's notes would pass MAX_NOTES or MAX_NOTES_CHARACTERS (UTF-16 code
   * units, as JavaScript counts) in all, checked and written as one step in any process.
   */
  addNote(
    userId: string,
    videoId: string,
    content: string,
    at: string,
    time?: number,
  ): Promise<Note>;
  /**
   * Changes the text of one of the user's notes (its video and moment stay); StoreError notFound
   * when the user has no such note, tooMany when the new text would take the user's notes past
   * MAX_NOTES_CHARACTERS, checked and written as one step in any process.
   */
  editNote(userId: string, noteId: string, content: string): Promise<Note>;
  /** Deletes one of the user's notes; StoreError notFound when the user has no such note. */
  deleteNote(userId: string, noteId: string): Promise<void>;

  /** Where the user stopped in each video, most recently watched first. */
  listProgress(userId: string): Promise<Progress[]>;
  /**
   * Records (or moves) the user's position in a catalogue video. `duration` (the video's length)
   * replaces the stored one when given; a save without it keeps what was stored.
   */
  saveProgress(
    userId: string,
    videoId: string,
    seconds: number,
    at: string,
    duration?: number,
  ): Promise<void>;
  /** Forgets the user's position in a video. */
  deleteProgress(userId: string, videoId: string): Promise<void>;

  /**
   * Marks one login token (by its `jti`) as logged out until it expires (epoch seconds); entries
   * that expired before `now` (the API's clock, epoch seconds) may go.
   */
  revokeToken(tokenId: string, expiresAt: number, now: number): Promise<void>;
  /**
   * What checking a signed-in request needs, in one read: the token's user, whether this token
   * was logged out, the user's session generation and the versions of the user's lists.
   * Undefined when the user does not exist.
   */
  findSession(userId: string, tokenId: string): Promise<SessionFacts | undefined>;
  /** The user's session generation: tokens carry it, and only the current one is valid. */
  sessionGeneration(userId: string): Promise<number>;
  /** Ends every session of the user ('Log out everywhere'): the generation moves on. */
  endAllSessions(userId: string): Promise<void>;

  /**
   * The request tester's todos as one owner sees them: the shared samples, then the owner's own
   * (an owner is a signed-in user or a client address; see routes/test-todos.ts).
   */
  listTodos(owner: string): Promise<Todo[]>;
  /** Deletes all but the owner's newest `keep` todos. */
  trimTodos(owner: string, keep: number): Promise<void>;
  /** Adds a todo of the owner's; without an owner, a shared sample (the seed). */
  addTodo(todo: Omit<Todo, '_id'>, owner?: string): Promise<Todo>;
  /** Deletes one of the owner's todos; StoreError notFound when the owner has none with that id. */
  deleteTodo(todoId: string, owner: string): Promise<void>;
}
