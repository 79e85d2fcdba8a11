import type {
  Category,
  HistoryItem,
  Note,
  Playlist,
  Progress,
  Todo,
  Transcript,
  TranscriptMoment,
  Video,
} from '../../contract/entities';
import { storedCourse, type Course } from '../../contract/courses';
import { MAX_NOTES, MAX_NOTES_CHARACTERS, MAX_PLAYLISTS } from '../../contract/limits';
import { newId } from './new-id';
import { StoreError } from './store-error';
import { HOME_SEARCH_SCAN } from '../../contract/limits';
import { countLimit } from '../catalogue/paging';
import { sameVideo } from '../../contract/video-fields';
import { foldForSearch, searchesShortScope, SHORT_SEARCH_SCOPE } from '../catalogue/search-text';
import {
  findMoment,
  foldTranscript,
  TRANSCRIPT_MATCHES,
  type FoldedTranscript,
} from '../catalogue/transcript-text';
import type {
  CatalogueChunk,
  LessonMark,
  NewUser,
  PageRequest,
  SeedData,
  SessionFacts,
  Store,
  StoredUser,
  UserSummary,
  UpsertCounts,
  VideoListName,
  VideoPage,
  VideoQuery,
  VideoUserData,
} from './store';
import { emptyUserData } from './store';

interface ListEntry {
  videoId: string;
  addedAt: string;
}

interface MemoryPlaylist {
  _id: string;
  title: string;
  createdAt: string;
  videos: ListEntry[];
}

interface MemoryNote extends Note {
  createdAt: string;
}

interface MemoryUser {
  user: StoredUser;
  /** An operator disabled the account; absent: enabled. */
  disabled?: boolean;
  /** Absent in snapshots saved before resume existed. */
  progress?: Progress[];
  likes: ListEntry[];
  history: ListEntry[];
  watchlater: ListEntry[];
  playlists: MemoryPlaylist[];
  notes: MemoryNote[];
  /** Done marks on course lessons; absent in snapshots saved before courses existed. */
  lessonMarks?: LessonMark[];
}

/**
 * The user data of a MemoryStore as plain JSON: what the mock backend saves in the browser. The
 * catalogue is not part of it (it is rebuilt from the seed on every load), so a save stays small
 * however large the catalogue is.
 */
export interface MemorySnapshot {
  version: 2;
  seeded: boolean;
  users: MemoryUser[];
  /** Samples have no owner. */
  todos: (Todo & { owner?: string })[];
  /** Logged-out tokens (jti → expiry, epoch seconds); absent in snapshots saved before. */
  revokedTokens?: Record<string, number>;
  /** Session generation per user id ('Log out everywhere'). */
  sessionGenerations?: Record<string, number>;
}

/** The catalogue a MemoryStore answers from. */
export interface MemoryCatalogue {
  videos: Video[];
  categories: Category[];
  courses?: Course[];
  /** Transcripts of its videos (mock mode's seed). */
  transcripts?: Transcript[];
}

const emptySnapshot = (): MemorySnapshot => ({ version: 2, seeded: false, users: [], todos: [] });

/**
 * A Store held in memory. Lists reference catalogue videos by id, as the SQL tables do. Catalogue
 * reads scan (this store serves one browser or one test); the SQL store answers from indexes.
 */
export class MemoryStore implements Store {
  private data: MemorySnapshot;
  private videos: Video[] = [];
  private videoIndex = new Map<string, Video>();
  private categories: Category[] = [];
  /** Video id → the import source that wrote it last (Store.upsertVideos). */
  private sources = new Map<string, string>();
  private courses: Course[] = [];
  /** Transcripts by video id, each with its searchable text (transcript-text.ts). */
  private transcripts = new Map<string, { transcript: Transcript; search: FoldedTranscript }>();
  private version = newId();
  /**
   * Writes to each user's lists (`<user id> <list>`), for SessionFacts.listVersions. Not part of
   * the snapshot: a store made from one starts a new catalogue version, so its tokens are new.
   */
  private listWrites = new Map<string, number>();
  /** Derived views of the catalogue, rebuilt after a write. */
  private derived: { byViews?: Video[]; folded: WeakMap<Video, { title: string; rest: string }> } =
    { folded: new WeakMap() };

  constructor(snapshot: MemorySnapshot = emptySnapshot(), catalogue?: MemoryCatalogue) {
    this.data = structuredClone(snapshot);
    if (catalogue) this.replaceCatalogue(catalogue);
  }

  /** A deep copy of the user data, safe to serialise. */
  snapshot(): MemorySnapshot {
    return structuredClone(this.data);
  }

  /**
   * Puts the user data back as a snapshot holds it: the mock backend undoes a write it could not
   * save. Every list's version moves on, so no answer read before names the restored lists.
   */
  restore(snapshot: MemorySnapshot): void {
    this.data = structuredClone(snapshot);
    for (const [key, writes] of this.listWrites) this.listWrites.set(key, writes + 1);
  }

  /** Puts a whole catalogue in place (the mock rebuilds it from the seed on every load). */
  replaceCatalogue({ videos, categories, courses = [], transcripts = [] }: MemoryCatalogue): void {
    this.videos = structuredClone(videos);
    this.videoIndex = new Map(this.videos.map((video) => [video._id, video]));
    this.sources.clear();
    this.categories = structuredClone(categories);
    this.courses = structuredClone(courses);
    this.transcripts.clear();
    for (const transcript of transcripts) this.keepTranscript(transcript);
    this.touchCatalogue();
  }

  async revokeToken(tokenId: string, expiresAt: number, now: number): Promise<void> {
    const revoked = (this.data.revokedTokens ??= {});
    for (const [id, expiry] of Object.entries(revoked)) if (expiry < now) delete revoked[id];
    revoked[tokenId] = expiresAt;
  }

  async findSession(userId: string, tokenId: string): Promise<SessionFacts | undefined> {
    const entry = this.findUser(userId);
    if (!entry) return undefined;
    return {
      user: { _id: entry.user._id, email: entry.user.email },
      revoked: Object.hasOwn(this.data.revokedTokens ?? {}, tokenId),
      generation: this.data.sessionGenerations?.[userId] ?? 0,
      listVersions: {
        likes: this.listVersion(userId, 'likes'),
        history: this.listVersion(userId, 'history'),
        watchlater: this.listVersion(userId, 'watchlater'),
      },
    };
  }

  async sessionGeneration(userId: string): Promise<number> {
    return this.data.sessionGenerations?.[userId] ?? 0;
  }

  async endAllSessions(userId: string): Promise<void> {
    const generations = (this.data.sessionGenerations ??= {});
    generations[userId] = (generations[userId] ?? 0) + 1;
  }

  async isEmpty(): Promise<boolean> {
    return !this.data.seeded;
  }

  async seed(seed: SeedData): Promise<void> {
    for (const video of seed.videos) this.insertVideo(structuredClone(video));
    this.categories.push(...structuredClone(seed.categories));
    for (const user of seed.users) await this.createUser(user);
    for (const todo of seed.todos) await this.addTodo(todo);
    for (const transcript of seed.transcripts ?? []) this.keepTranscript(transcript);
    this.data.seeded = true;
    this.touchCatalogue();
  }

  async catalogueVersion(): Promise<string> {
    return this.version;
  }

  async countVideos(): Promise<number> {
    return this.videos.length;
  }

  async queryVideos({
    category,
    channel,
    search,
    offset,
    limit,
    scan = HOME_SEARCH_SCAN,
  }: VideoQuery): Promise<VideoPage> {
    const matches = (video: Video) =>
      (category === undefined || video.categoryName === category) &&
      (channel === undefined || video.channelName === channel) &&
      (!search || video.title.includes(search));
    if (search) {
      // The candidates are what the SQL stores' indexes propose: titles holding the text in any
      // case (folded as the results page folds), at most `scan` of them.
      const folded = foldForSearch(search);
      const candidate = (video: Video) => this.folded(video).title.includes(folded);
      return pageOf(this.videos, matches, { offset, limit }, { candidate, scan });
    }
    const matching = this.videos.filter(matches);
    return { videos: clonePage(matching, { offset, limit }), total: matching.length };
  }

  async trendingVideos(page: PageRequest): Promise<VideoPage> {
    return { videos: clonePage(this.byViews(), page), total: this.videos.length };
  }

  async searchVideos(text: string, page: PageRequest): Promise<VideoPage> {
    const query = foldForSearch(text);
    const inTitle: Video[] = [];
    const elsewhere: Video[] = [];
    const scope = searchesShortScope(query)
      ? this.byViews().slice(0, SHORT_SEARCH_SCOPE)
      : this.byViews();
    // Transcripts are searched with an index only (not for a short-scope text), as in SQL.
    const spoken = searchesShortScope(query) ? undefined : new Map<string, TranscriptMoment>();
    const said: Video[] = [];
    for (const video of scope) {
      const folded = this.folded(video);
      if (folded.title.includes(query)) {
        inTitle.push(video);
        continue;
      }
      const transcript = spoken && this.transcripts.get(video._id);
      const moment =
        transcript && findMoment(video._id, transcript.transcript.cues, query, transcript.search);
      if (moment && said.length < TRANSCRIPT_MATCHES) {
        spoken?.set(video._id, moment);
        said.push(video);
      } else if (folded.rest.includes(query)) elsewhere.push(video);
    }
    const ranked = [...inTitle, ...said, ...elsewhere];
    const limit = countLimit(page);
    const videos = clonePage(ranked, page);
    const moments = videos.flatMap((video) => spoken?.get(video._id) ?? []);
    return {
      videos,
      total: Math.min(ranked.length, limit),
      ...(ranked.length > limit ? { totalCapped: true } : {}),
      ...(moments.length > 0 ? { moments } : {}),
    };
  }

  async upNext(video: Video, limit: number): Promise<Video[]> {
    const others = this.byViews().filter((item) => item._id !== video._id);
    const same = others.filter((item) => item.categoryName === video.categoryName);
    const rest = others.filter((item) => item.categoryName !== video.categoryName);
    return structuredClone([...same, ...rest].slice(0, limit));
  }

  async categoryNames(): Promise<string[]> {
    return [...new Set(this.videos.map((video) => video.categoryName))];
  }

  async upsertVideos(videos: Video[], source?: string): Promise<UpsertCounts> {
    const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
    for (const video of videos) {
      if (source !== undefined) this.sources.set(video._id, source);
      const existing = this.videoIndex.get(video._id);
      if (!existing) {
        this.insertVideo(structuredClone(video));
        counts.added += 1;
      } else if (sameVideo(existing, video)) {
        counts.unchanged += 1;
      } else {
        const copy = structuredClone(video);
        this.videos[this.videos.indexOf(existing)] = copy;
        this.videoIndex.set(copy._id, copy);
        counts.updated += 1;
      }
    }
    if (counts.added + counts.updated > 0) this.touchCatalogue();
    return counts;
  }

  async videoIdsOfSource(source: string): Promise<string[]> {
    return [...this.sources].filter(([, from]) => from === source).map(([id]) => id);
  }

  async upsertCategories(categories: Category[]): Promise<UpsertCounts> {
    const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
    for (const category of categories) {
      const index = this.categories.findIndex((item) => item._id === category._id);
      const existing = this.categories[index];
      if (!existing) {
        this.categories.push(structuredClone(category));
        counts.added += 1;
      } else if (
        existing.categoryName === category.categoryName &&
        existing.description === category.description
      ) {
        counts.unchanged += 1;
      } else {
        this.categories[index] = structuredClone(category);
        counts.updated += 1;
      }
    }
    if (counts.added + counts.updated > 0) this.touchCatalogue();
    return counts;
  }

  async userDataOfVideos(videoIds: readonly string[]): Promise<Map<string, VideoUserData>> {
    const asked = new Set(videoIds);
    const found = new Map<string, VideoUserData>();
    const count = (videoId: string, kind: keyof VideoUserData) => {
      if (!asked.has(videoId)) return;
      let data = found.get(videoId);
      if (!data) found.set(videoId, (data = emptyUserData()));
      data[kind] += 1;
    };
    for (const user of this.data.users) {
      for (const entry of user.notes) count(entry.videoId, 'notes');
      for (const entry of user.likes) count(entry.videoId, 'likes');
      for (const entry of user.history) count(entry.videoId, 'history');
      for (const entry of user.watchlater) count(entry.videoId, 'watchLater');
      for (const playlist of user.playlists) {
        for (const entry of playlist.videos) count(entry.videoId, 'playlistEntries');
      }
      for (const entry of user.lessonMarks ?? []) count(entry.videoId, 'lessonMarks');
      for (const entry of user.progress ?? []) count(entry.videoId, 'positions');
    }
    return found;
  }

  async removeVideos(videoIds: string[]): Promise<number> {
    const doomed = new Set(videoIds.filter((id) => this.videoIndex.has(id)));
    if (doomed.size === 0) return 0;
    this.videos = this.videos.filter((video) => !doomed.has(video._id));
    for (const id of doomed) {
      this.videoIndex.delete(id);
      this.sources.delete(id);
      this.transcripts.delete(id);
    }
    const keep = (entry: { videoId: string }) => !doomed.has(entry.videoId);
    for (const user of this.data.users) {
      user.likes = user.likes.filter(keep);
      user.history = user.history.filter(keep);
      user.watchlater = user.watchlater.filter(keep);
      user.notes = user.notes.filter(keep);
      user.progress = (user.progress ?? []).filter(keep);
      if (user.lessonMarks) user.lessonMarks = user.lessonMarks.filter(keep);
      for (const playlist of user.playlists) playlist.videos = playlist.videos.filter(keep);
    }
    for (const course of this.courses) {
      for (const section of course.sections) {
        section.lessons = section.lessons.filter((id) => !doomed.has(id));
      }
    }
    this.touchCatalogue();
    return doomed.size;
  }

  async readCatalogue(after: string | undefined, limit: number): Promise<CatalogueChunk> {
    const start = after === undefined ? 0 : Number(after);
    const videos = structuredClone(this.videos.slice(start, start + limit));
    const end = start + videos.length;
    return end < this.videos.length ? { videos, next: String(end) } : { videos };
  }

  async catalogueIds(offset: number, limit: number): Promise<string[]> {
    return this.videos.slice(offset, offset + limit).map((video) => video._id);
  }

  async getVideo(videoId: string): Promise<Video | undefined> {
    const video = this.findVideo(videoId);
    return video && structuredClone(video);
  }

  async getVideos(videoIds: readonly string[]): Promise<Video[]> {
    return [...new Set(videoIds)].flatMap((videoId) => {
      const video = this.findVideo(videoId);
      return video ? [structuredClone(video)] : [];
    });
  }

  async listCategories(): Promise<Category[]> {
    return structuredClone(this.categories);
  }

  async getCategory(categoryId: string): Promise<Category | undefined> {
    const category = this.categories.find((item) => item._id === categoryId);
    return category && structuredClone(category);
  }

  async listCourses(): Promise<Course[]> {
    return structuredClone(this.courses);
  }

  async getCourse(slug: string): Promise<Course | undefined> {
    const course = this.courses.find((item) => item.slug === slug);
    return course && structuredClone(course);
  }

  async upsertCourses(courses: Course[]): Promise<UpsertCounts> {
    for (const course of courses) {
      for (const section of course.sections) {
        if (section.lessons.some((id) => !this.videoIndex.has(id))) {
          throw StoreError.notFound('video');
        }
      }
    }
    const counts: UpsertCounts = { added: 0, updated: 0, unchanged: 0 };
    for (const course of courses) {
      const copy = storedCourse(course);
      const index = this.courses.findIndex((item) => item.slug === course.slug);
      const existing = this.courses[index];
      if (!existing) {
        this.courses.push(copy);
        counts.added += 1;
      } else if (JSON.stringify(existing) === JSON.stringify(copy)) {
        counts.unchanged += 1;
      } else {
        this.courses[index] = copy;
        counts.updated += 1;
      }
    }
    if (counts.added + counts.updated > 0) this.touchCatalogue();
    return counts;
  }

  async removeCourses(slugs: string[]): Promise<number> {
    const doomed = new Set(slugs);
    const before = this.courses.length;
    this.courses = this.courses.filter((course) => !doomed.has(course.slug));
    const removed = before - this.courses.length;
    if (removed === 0) return 0;
    for (const user of this.data.users) {
      if (user.lessonMarks) {
        user.lessonMarks = user.lessonMarks.filter((mark) => !doomed.has(mark.courseSlug));
      }
    }
    this.touchCatalogue();
    return removed;
  }

  async listLessonMarks(userId: string): Promise<LessonMark[]> {
    return structuredClone(this.userEntry(userId).lessonMarks ?? []);
  }

  async markLessonDone(
    userId: string,
    courseSlug: string,
    videoId: string,
    at: string,
  ): Promise<void> {
    const entry = this.userEntry(userId);
    if (!this.courses.some((course) => course.slug === courseSlug)) {
      throw StoreError.notFound('course');
    }
    if (!this.videoIndex.has(videoId)) throw StoreError.notFound('video');
    const marks = (entry.lessonMarks ??= []);
    const marked = marks.some((mark) => mark.courseSlug === courseSlug && mark.videoId === videoId);
    if (!marked) marks.push({ courseSlug, videoId, markedAt: at });
  }

  async unmarkLessonDone(userId: string, courseSlug: string, videoId: string): Promise<void> {
    const entry = this.userEntry(userId);
    if (!entry.lessonMarks) return;
    entry.lessonMarks = entry.lessonMarks.filter(
      (mark) => !(mark.courseSlug === courseSlug && mark.videoId === videoId),
    );
  }

  async getTranscript(videoId: string): Promise<Transcript | undefined> {
    const kept = this.videoIndex.has(videoId) ? this.transcripts.get(videoId) : undefined;
    return kept && structuredClone(kept.transcript);
  }

  async putTranscript(transcript: Transcript): Promise<void> {
    if (!this.videoIndex.has(transcript.videoId)) throw StoreError.notFound('video');
    this.keepTranscript(transcript);
    this.touchCatalogue();
  }

  async removeTranscript(videoId: string): Promise<boolean> {
    const had = this.transcripts.delete(videoId);
    if (had) this.touchCatalogue();
    return had;
  }

  async transcriptIds(): Promise<string[]> {
    return this.videos.flatMap((video) => (this.transcripts.has(video._id) ? [video._id] : []));
  }

  async createUser(newUser: NewUser): Promise<StoredUser> {
    if (this.data.users.some((entry) => entry.user.email === newUser.email)) {
      throw StoreError.duplicate('users');
    }
    const { extras, ...fields } = newUser;
    const user: StoredUser = { ...structuredClone(extras), ...fields, _id: newId() };
    this.data.users.push({
      user,
      likes: [],
      history: [],
      watchlater: [],
      playlists: [],
      notes: [],
      progress: [],
    });
    return structuredClone(user);
  }

  async findUserByEmail(email: string): Promise<StoredUser | undefined> {
    const entry = this.data.users.find((item) => item.user.email === email);
    return entry && storedUser(entry);
  }

  async listUsers(): Promise<UserSummary[]> {
    return this.data.users.map(({ user, disabled }) => ({
      _id: user._id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt,
      disabled: disabled === true,
    }));
  }

  async updateUserName(
    userId: string,
    firstName: string,
    lastName: string,
    at: string,
  ): Promise<StoredUser | undefined> {
    const entry = this.findUser(userId);
    if (!entry) return undefined;
    Object.assign(entry.user, { firstName, lastName, updatedAt: at });
    return storedUser(entry);
  }

  async setPasswordHash(userId: string, passwordHash: string, at: string): Promise<void> {
    const entry = this.findUser(userId);
    if (entry) Object.assign(entry.user, { passwordHash, updatedAt: at });
  }

  async setUserDisabled(userId: string, disabled: boolean): Promise<void> {
    const entry = this.findUser(userId);
    if (!entry) return;
    if (disabled) entry.disabled = true;
    else delete entry.disabled;
  }

  async deleteUser(userId: string): Promise<void> {
    this.data.users = this.data.users.filter((entry) => entry.user._id !== userId);
    // The request tester's todos of a signed-in user (routes/test-todos.ts) are theirs too.
    this.data.todos = this.data.todos.filter((todo) => todo.owner !== `user:${userId}`);
    delete this.data.sessionGenerations?.[userId];
  }

  async listVideosIn(userId: string, list: VideoListName): Promise<Video[]> {
    return this.resolve(this.userEntry(userId)[list]);
  }

  async listHistory(userId: string): Promise<HistoryItem[]> {
    return this.userEntry(userId).history.flatMap((entry) => {
      const video = this.findVideo(entry.videoId);
      return video ? [{ ...structuredClone(video), watchedAt: entry.addedAt }] : [];
    });
  }

  async addVideoTo(
    userId: string,
    list: VideoListName,
    videoId: string,
    at: string,
  ): Promise<void> {
    const entries = this.userEntry(userId)[list];
    if (entries.some((entry) => entry.videoId === videoId)) throw StoreError.duplicate(list);
    entries.push({ videoId, addedAt: at });
    this.countListWrite(userId, list);
  }

  async removeVideoFrom(userId: string, list: VideoListName, videoId: string): Promise<void> {
    const entry = this.userEntry(userId);
    entry[list] = entry[list].filter((item) => item.videoId !== videoId);
    if (list === 'history') {
      entry.progress = (entry.progress ?? []).filter((item) => item.videoId !== videoId);
    }
    this.countListWrite(userId, list);
  }

  async clearList(userId: string, list: VideoListName): Promise<void> {
    const entry = this.userEntry(userId);
    entry[list] = [];
    if (list === 'history') entry.progress = [];
    this.countListWrite(userId, list);
  }

  async listPlaylists(userId: string): Promise<Playlist[]> {
    return this.userEntry(userId).playlists.map((playlist) => this.toPlaylist(playlist));
  }

  async getPlaylist(userId: string, playlistId: string): Promise<Playlist | undefined> {
    const playlist = this.findPlaylist(userId, playlistId);
    return playlist && this.toPlaylist(playlist);
  }

  async createPlaylist(userId: string, title: string, at: string): Promise<Playlist> {
    const { playlists } = this.userEntry(userId);
    // Checked and pushed with no await between: parallel requests cannot both pass the check.
    if (playlists.length >= MAX_PLAYLISTS) throw StoreError.tooMany('playlists');
    const playlist: MemoryPlaylist = { _id: newId(), title, createdAt: at, videos: [] };
    playlists.push(playlist);
    return this.toPlaylist(playlist);
  }

  async deletePlaylist(userId: string, playlistId: string): Promise<void> {
    const entry = this.userEntry(userId);
    const before = entry.playlists.length;
    entry.playlists = entry.playlists.filter((playlist) => playlist._id !== playlistId);
    if (entry.playlists.length === before) throw StoreError.notFound('playlist');
  }

  async addVideoToPlaylist(
    userId: string,
    playlistId: string,
    videoId: string,
    at: string,
    before: readonly string[] = [],
  ): Promise<void> {
    const playlist = this.findPlaylist(userId, playlistId);
    if (!playlist) throw StoreError.notFound('playlist');
    if (playlist.videos.some((entry) => entry.videoId === videoId)) {
      throw StoreError.duplicate('playlist');
    }
    const next = before
      .map((id) => playlist.videos.findIndex((entry) => entry.videoId === id))
      .find((index) => index >= 0);
    playlist.videos.splice(next ?? playlist.videos.length, 0, { videoId, addedAt: at });
  }

  async reorderPlaylist(
    userId: string,
    playlistId: string,
    videoIds: readonly string[],
  ): Promise<'done' | 'stale'> {
    const playlist = this.findPlaylist(userId, playlistId);
    if (!playlist) throw StoreError.notFound('playlist');
    const entries = new Map(playlist.videos.map((entry) => [entry.videoId, entry]));
    const reordered = videoIds.map((id) => entries.get(id));
    if (videoIds.length !== entries.size || reordered.includes(undefined)) return 'stale';
    playlist.videos = reordered as MemoryPlaylist['videos'];
    return 'done';
  }

  async removeVideoFromPlaylist(
    userId: string,
    playlistId: string,
    videoId: string,
  ): Promise<void> {
    const playlist = this.findPlaylist(userId, playlistId);
    if (!playlist) throw StoreError.notFound('playlist');
    playlist.videos = playlist.videos.filter((entry) => entry.videoId !== videoId);
  }

  async listNotes(userId: string): Promise<Note[]> {
    return this.userEntry(userId).notes.map(toNote);
  }

  async addNote(
    userId: string,
    videoId: string,
    content: string,
    at: string,
    time?: number,
  ): Promise<Note> {
    const { notes } = this.userEntry(userId);
    // Checked and pushed with no await between: parallel requests cannot both pass the check.
    const characters = notes.reduce((sum, kept) => sum + kept.content.length, 0);
    if (notes.length >= MAX_NOTES || characters + content.length > MAX_NOTES_CHARACTERS) {
      throw StoreError.tooMany('notes');
    }
    const note: MemoryNote = {
      _id: newId(),
      content,
      videoId,
      createdAt: at,
      ...(time === undefined ? {} : { time }),
    };
    notes.push(note);
    return toNote(note);
  }

  async editNote(userId: string, noteId: string, content: string): Promise<Note> {
    const { notes } = this.userEntry(userId);
    const note = notes.find((kept) => kept._id === noteId);
    if (!note) throw StoreError.notFound('note');
    // Checked and changed with no await between, as addNote.
    const characters = notes.reduce((sum, kept) => sum + kept.content.length, 0);
    if (characters - note.content.length + content.length > MAX_NOTES_CHARACTERS) {
      throw StoreError.tooMany('notes');
    }
    note.content = content;
    return toNote(note);
  }

  async deleteNote(userId: string, noteId: string): Promise<void> {
    const entry = this.userEntry(userId);
    const before = entry.notes.length;
    entry.notes = entry.notes.filter((note) => note._id !== noteId);
    if (entry.notes.length === before) throw StoreError.notFound('note');
  }

  async listProgress(userId: string): Promise<Progress[]> {
    const progress = this.userEntry(userId).progress ?? [];
    // Most recent first; positions saved in the same second by video id, as the SQL store orders
    // them. `<` compares UTF-16 code units where the SQL store's collation ("C" on PostgreSQL,
    // binary on SQLite) compares UTF-8 bytes: the orders agree for ASCII ids, which every
    // catalogue id is, and differ only between a character above U+FFFF and one from U+E000.
    return structuredClone(progress).sort(
      (a, b) =>
        b.updatedAt.localeCompare(a.updatedAt) ||
        (a.videoId < b.videoId ? -1 : a.videoId > b.videoId ? 1 : 0),
    );
  }

  async saveProgress(
    userId: string,
    videoId: string,
    seconds: number,
    at: string,
    duration?: number,
  ) {
    const entry = this.userEntry(userId);
    const before = (entry.progress ?? []).find((item) => item.videoId === videoId);
    const rest = (entry.progress ?? []).filter((item) => item.videoId !== videoId);
    const length = duration ?? before?.duration;
    entry.progress = [
      ...rest,
      { videoId, seconds, ...(length === undefined ? {} : { duration: length }), updatedAt: at },
    ];
  }

  async deleteProgress(userId: string, videoId: string) {
    const entry = this.userEntry(userId);
    entry.progress = (entry.progress ?? []).filter((item) => item.videoId !== videoId);
  }

  async listTodos(owner: string): Promise<Todo[]> {
    return this.data.todos
      .filter((todo) => todo.owner === undefined || todo.owner === owner)
      .map(({ _id, title, completed }) => ({ _id, title, completed }));
  }

  async trimTodos(owner: string, keep: number): Promise<void> {
    const own = this.data.todos.filter((todo) => todo.owner === owner);
    const dropped = new Set(own.slice(0, Math.max(0, own.length - keep)));
    this.data.todos = this.data.todos.filter((todo) => !dropped.has(todo));
  }

  async addTodo(todo: Omit<Todo, '_id'>, owner?: string): Promise<Todo> {
    const created: Todo = { _id: newId(), title: todo.title, completed: todo.completed };
    this.data.todos.push(owner === undefined ? created : { ...created, owner });
    return { ...created };
  }

  async deleteTodo(todoId: string, owner: string): Promise<void> {
    const before = this.data.todos.length;
    this.data.todos = this.data.todos.filter(
      (todo) => !(todo._id === todoId && todo.owner === owner),
    );
    if (this.data.todos.length === before) throw StoreError.notFound('todo');
  }

  private findVideo(videoId: string): Video | undefined {
    return this.videoIndex.get(videoId);
  }

  private insertVideo(video: Video): void {
    this.videos.push(video);
    this.videoIndex.set(video._id, video);
  }

  private listVersion(userId: string, list: VideoListName): string {
    return `${this.listWrites.get(`${userId} ${list}`) ?? 0}:${this.version}`;
  }

  private countListWrite(userId: string, list: VideoListName): void {
    const key = `${userId} ${list}`;
    this.listWrites.set(key, (this.listWrites.get(key) ?? 0) + 1);
  }

  /** A catalogue write: a new version, and the derived views are stale. */
  private touchCatalogue(): void {
    this.version = newId();
    this.derived = { folded: new WeakMap() };
  }

  private keepTranscript(transcript: Transcript): void {
    const copy = structuredClone(transcript);
    this.transcripts.set(copy.videoId, { transcript: copy, search: foldTranscript(copy.cues) });
  }

  /** The catalogue by views, most first; ties keep catalogue order (the sort is stable). */
  private byViews(): Video[] {
    this.derived.byViews ??= [...this.videos].sort((a, b) => b.views - a.views);
    return this.derived.byViews;
  }

  private folded(video: Video): { title: string; rest: string } {
    let folded = this.derived.folded.get(video);
    if (!folded) {
      folded = {
        title: foldForSearch(video.title),
        rest: foldForSearch(`${video.channelName} ${video.description}`),
      };
      this.derived.folded.set(video, folded);
    }
    return folded;
  }

  private findUser(userId: string): MemoryUser | undefined {
    return this.data.users.find((entry) => entry.user._id === userId);
  }

  /** The API checks that the user exists before it touches their data. */
  private userEntry(userId: string): MemoryUser {
    const entry = this.findUser(userId);
    if (!entry) throw StoreError.notFound('user');
    return entry;
  }

  private findPlaylist(userId: string, playlistId: string): MemoryPlaylist | undefined {
    return this.findUser(userId)?.playlists.find((playlist) => playlist._id === playlistId);
  }

  private resolve(entries: ListEntry[]): Video[] {
    return entries.flatMap((entry) => {
      const video = this.findVideo(entry.videoId);
      return video ? [structuredClone(video)] : [];
    });
  }

  private toPlaylist(playlist: MemoryPlaylist): Playlist {
    return { _id: playlist._id, title: playlist.title, videos: this.resolve(playlist.videos) };
  }
}

/**
 * A page of the videos that match, counting at most `countLimit(page)` of them: a search stops
 * reading once it has the page and enough matches to say "more than the limit", or once it has
 * examined `scan` candidates (then the answer says `searchStopped`).
 */
function pageOf(
  videos: Video[],
  matches: (video: Video) => boolean,
  page: PageRequest,
  bound?: { candidate: (video: Video) => boolean; scan: number },
): VideoPage {
  const limit = countLimit(page);
  const found: Video[] = [];
  let total = 0;
  let examined = 0;
  for (const video of videos) {
    if (bound && bound.candidate(video)) {
      if (examined === bound.scan) {
        return { videos: structuredClone(found), total, searchStopped: true };
      }
      examined += 1;
    }
    if (!matches(video)) continue;
    if (total === limit) return { videos: structuredClone(found), total, totalCapped: true };
    total += 1;
    if (total > page.offset && found.length < page.limit) found.push(video);
  }
  return { videos: structuredClone(found), total };
}

function clonePage(videos: Video[], { offset, limit }: PageRequest): Video[] {
  return structuredClone(videos.slice(offset, offset + limit));
}

/** The user as stored, with `disabled` only when it is so (an extra field never says it). */
function storedUser(entry: MemoryUser): StoredUser {
  const { disabled: _extra, ...user } = structuredClone(entry.user);
  return entry.disabled ? { ...user, disabled: true } : user;
}

function toNote(note: MemoryNote): Note {
  const { _id, content, videoId, time } = note;
  return time === undefined ? { _id, content, videoId } : { _id, content, videoId, time };
}
