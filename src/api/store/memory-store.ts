import type { Category, Note, Playlist, Progress, Todo, Video } from '../../contract/entities';
import { newId } from './new-id';
import type {
  AddResult,
  NewUser,
  SeedData,
  Store,
  StoredUser,
  VideoListName,
  VideoQuery,
} from './store';

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
  /** Absent in snapshots saved before resume existed. */
  progress?: Progress[];
  likes: ListEntry[];
  history: ListEntry[];
  watchlater: ListEntry[];
  playlists: MemoryPlaylist[];
  notes: MemoryNote[];
}

/** The whole state of a MemoryStore as plain JSON: what the mock backend saves in the browser. */
export interface MemorySnapshot {
  version: 1;
  seeded: boolean;
  videos: Video[];
  categories: Category[];
  users: MemoryUser[];
  /** Samples have no owner. */
  todos: (Todo & { owner?: string })[];
  /** Logged-out tokens (jti → expiry, epoch seconds); absent in snapshots saved before. */
  revokedTokens?: Record<string, number>;
  /** Session generation per user id ('Log out everywhere'). */
  sessionGenerations?: Record<string, number>;
}

const emptySnapshot = (): MemorySnapshot => ({
  version: 1,
  seeded: false,
  videos: [],
  categories: [],
  users: [],
  todos: [],
});

/** A Store held in memory. Lists reference catalogue videos by id, as the SQL tables do. */
export class MemoryStore implements Store {
  private data: MemorySnapshot;

  constructor(snapshot: MemorySnapshot = emptySnapshot()) {
    this.data = structuredClone(snapshot);
  }

  /** A deep copy of the state, safe to serialise. */
  snapshot(): MemorySnapshot {
    return structuredClone(this.data);
  }

  async revokeToken(tokenId: string, expiresAt: number): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const revoked = (this.data.revokedTokens ??= {});
    for (const [id, expiry] of Object.entries(revoked)) if (expiry < now) delete revoked[id];
    revoked[tokenId] = expiresAt;
  }

  async isTokenRevoked(tokenId: string): Promise<boolean> {
    return Object.hasOwn(this.data.revokedTokens ?? {}, tokenId);
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
    this.data.videos.push(...structuredClone(seed.videos));
    this.data.categories.push(...structuredClone(seed.categories));
    for (const user of seed.users) await this.createUser(user);
    for (const todo of seed.todos) await this.addTodo(todo);
    this.data.seeded = true;
  }

  async listVideos(): Promise<Video[]> {
    return structuredClone(this.data.videos);
  }

  async queryVideos({ category, search, offset, limit }: VideoQuery) {
    const matching = this.data.videos.filter(
      (video) =>
        (category === undefined || video.categoryName === category) &&
        (search === undefined || video.title.includes(search)),
    );
    return {
      videos: structuredClone(matching.slice(offset, offset + limit)),
      total: matching.length,
    };
  }

  async getVideo(videoId: string): Promise<Video | undefined> {
    const video = this.findVideo(videoId);
    return video && structuredClone(video);
  }

  async listCategories(): Promise<Category[]> {
    return structuredClone(this.data.categories);
  }

  async getCategory(categoryId: string): Promise<Category | undefined> {
    const category = this.data.categories.find((item) => item._id === categoryId);
    return category && structuredClone(category);
  }

  async createUser(newUser: NewUser): Promise<StoredUser | 'email-taken'> {
    if (this.data.users.some((entry) => entry.user.email === newUser.email)) return 'email-taken';
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
    return entry && structuredClone(entry.user);
  }

  async findUserById(userId: string): Promise<StoredUser | undefined> {
    const entry = this.findUser(userId);
    return entry && structuredClone(entry.user);
  }

  async listVideosIn(userId: string, list: VideoListName): Promise<Video[]> {
    return this.resolve(this.userEntry(userId)[list]);
  }

  async addVideoTo(
    userId: string,
    list: VideoListName,
    videoId: string,
    at: string,
  ): Promise<AddResult> {
    const entries = this.userEntry(userId)[list];
    if (entries.some((entry) => entry.videoId === videoId)) return 'duplicate';
    entries.push({ videoId, addedAt: at });
    return 'added';
  }

  async removeVideoFrom(userId: string, list: VideoListName, videoId: string): Promise<void> {
    const entry = this.userEntry(userId);
    entry[list] = entry[list].filter((item) => item.videoId !== videoId);
  }

  async clearList(userId: string, list: VideoListName): Promise<void> {
    this.userEntry(userId)[list] = [];
  }

  async listPlaylists(userId: string): Promise<Playlist[]> {
    return this.userEntry(userId).playlists.map((playlist) => this.toPlaylist(playlist));
  }

  async getPlaylist(userId: string, playlistId: string): Promise<Playlist | undefined> {
    const playlist = this.findPlaylist(userId, playlistId);
    return playlist && this.toPlaylist(playlist);
  }

  async createPlaylist(userId: string, title: string, at: string): Promise<Playlist> {
    const playlist: MemoryPlaylist = { _id: newId(), title, createdAt: at, videos: [] };
    this.userEntry(userId).playlists.push(playlist);
    return this.toPlaylist(playlist);
  }

  async deletePlaylist(userId: string, playlistId: string): Promise<boolean> {
    const entry = this.userEntry(userId);
    const before = entry.playlists.length;
    entry.playlists = entry.playlists.filter((playlist) => playlist._id !== playlistId);
    return entry.playlists.length !== before;
  }

  async addVideoToPlaylist(
    userId: string,
    playlistId: string,
    videoId: string,
    at: string,
  ): Promise<AddResult | 'no-playlist'> {
    const playlist = this.findPlaylist(userId, playlistId);
    if (!playlist) return 'no-playlist';
    if (playlist.videos.some((entry) => entry.videoId === videoId)) return 'duplicate';
    playlist.videos.push({ videoId, addedAt: at });
    return 'added';
  }

  async removeVideoFromPlaylist(
    userId: string,
    playlistId: string,
    videoId: string,
  ): Promise<boolean> {
    const playlist = this.findPlaylist(userId, playlistId);
    if (!playlist) return false;
    playlist.videos = playlist.videos.filter((entry) => entry.videoId !== videoId);
    return true;
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
    const note: MemoryNote = {
      _id: newId(),
      content,
      videoId,
      createdAt: at,
      ...(time === undefined ? {} : { time }),
    };
    this.userEntry(userId).notes.push(note);
    return toNote(note);
  }

  async deleteNote(userId: string, noteId: string): Promise<boolean> {
    const entry = this.userEntry(userId);
    const before = entry.notes.length;
    entry.notes = entry.notes.filter((note) => note._id !== noteId);
    return entry.notes.length !== before;
  }

  async listProgress(userId: string): Promise<Progress[]> {
    const progress = this.userEntry(userId).progress ?? [];
    return structuredClone(progress).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async saveProgress(userId: string, videoId: string, seconds: number, at: string) {
    const entry = this.userEntry(userId);
    const rest = (entry.progress ?? []).filter((item) => item.videoId !== videoId);
    entry.progress = [...rest, { videoId, seconds, updatedAt: at }];
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

  async deleteTodo(todoId: string, owner: string): Promise<boolean> {
    const before = this.data.todos.length;
    this.data.todos = this.data.todos.filter(
      (todo) => !(todo._id === todoId && todo.owner === owner),
    );
    return this.data.todos.length !== before;
  }

  private findVideo(videoId: string): Video | undefined {
    return this.data.videos.find((video) => video._id === videoId);
  }

  private findUser(userId: string): MemoryUser | undefined {
    return this.data.users.find((entry) => entry.user._id === userId);
  }

  /** The API checks that the user exists before it touches their data. */
  private userEntry(userId: string): MemoryUser {
    const entry = this.findUser(userId);
    if (!entry) throw new Error(`No user ${userId}`);
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

function toNote(note: MemoryNote): Note {
  const { _id, content, videoId, time } = note;
  return time === undefined ? { _id, content, videoId } : { _id, content, videoId, time };
}
