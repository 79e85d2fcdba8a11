import { sql, SqliteAdapter, type Insertable, type Kysely, type Transaction } from 'kysely';
import type {
  Category,
  HistoryItem,
  Note,
  Playlist,
  Progress,
  Todo,
  Transcript,
  Video,
} from '../../contract/entities';
import type { Course } from '../../contract/courses';
import { MAX_NOTES, MAX_NOTES_CHARACTERS, MAX_PLAYLISTS } from '../../contract/limits';
import { newId } from '../../api/store/new-id';
import { StoreError } from '../../api/store/store-error';
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
} from '../../api/store/store';
import { emptyUserData } from '../../api/store/store';
import { CourseSql } from './course-sql';
import { CatalogueSql, NUL, toVideo, videoColumns, type VideoRow } from './catalogue-sql';
import {
  hasTranscript,
  readTranscript,
  transcriptVideoIds,
  writeTranscript,
} from './transcript-sql';
import { isForeignKeyViolation, isUniqueViolation, isUnstorableText } from './db-errors';
import type { OpenDatabase } from './open-database';
import type { Database, UserFields, UsersTable } from './schema';

/** The three list tables share one shape (VideoListTable); typed as one of them for Kysely. */
const listTables: Record<VideoListName, 'likes'> = {
  likes: 'likes',
  history: 'history' as 'likes',
  watchlater: 'watch_later' as 'likes',
};

function toUser(row: UserFields): StoredUser {
  // An extra field of an older signup may be named `disabled`: the column alone says it.
  const { disabled: _extra, ...extras } = JSON.parse(row.extras) as Record<string, unknown>;
  return {
    ...extras,
    _id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(Number(row.disabled ?? 0) === 1 ? { disabled: true } : {}),
  };
}

/**
 * A write that names a catalogue video: the route checked the video exists, but an operator's
 * removal can commit before the write does, and the foreign key refuses it. That is the 404 of a
 * video that does not exist, not a failure.
 */
async function videoStillThere<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw StoreError.notFound('video');
    throw error;
  }
}

/**
 * Whether an id from a request names nothing stored: no stored id holds a NUL (every write refuses
 * one), and PostgreSQL would refuse the lookup itself (a 422 where SQLite finds nothing).
 */
function namesNothing(id: string): boolean {
  return id.includes(NUL);
}

/**
 * The Store on SQL (Kysely), one set of queries for SQLite and PostgreSQL. The database enforces
 * the rules that matter under concurrency: a duplicate add is refused by a unique constraint (not
 * by a read-then-write check), and every user-scoped statement filters by the user's id. The
 * database's refusals become StoreErrors here, as the memory store throws them.
 */
/** Ids in one `in` list of getVideos: well under either database's bound on parameters. */
const VIDEOS_READ_AT_ONCE = 1_000;

export class SqlStore implements Store {
  private readonly db: Kysely<Database>;
  private readonly catalogue: CatalogueSql;
  private readonly courses: CourseSql;
  private readonly sqlite: boolean;
  /** What a signed-in page reads on every visit, compiled once (prepared-queries.ts). */
  private readonly hot: ReturnType<typeof hotReads>;

  /**
   * @param database the opened database: its Kysely instance, its prepared reads and where the
   *   catalogue's reads go (SQLite's read pool)
   * @param options.denseSearchGroup see CatalogueSql (tests lower it)
   */
  constructor(
    database: Pick<OpenDatabase, 'db' | 'prepare'> & Partial<Pick<OpenDatabase, 'reads'>>,
    options: { denseSearchGroup?: number } = {},
  ) {
    this.db = database.db;
    this.catalogue = new CatalogueSql(this.db, options.denseSearchGroup, database.reads);
    this.courses = new CourseSql(this.db, this.catalogue);
    this.sqlite = this.db.getExecutor().adapter instanceof SqliteAdapter;
    this.hot = hotReads(this.db, database.prepare);
  }

  /** True until `seed` has run once on this database. */
  async isEmpty(): Promise<boolean> {
    return this.guard(async () => {
      const row = await this.db
        .selectFrom('meta')
        .select('value')
        .where('key', '=', 'seeded')
        .executeTakeFirst();
      return row === undefined;
    });
  }

  /**
   * Seeds in one transaction that first claims the 'seeded' marker: when several processes start
   * on one empty database, exactly one of them seeds and the others find the claim and stop.
   */
  async seed(data: SeedData): Promise<void> {
    const seeded = await this.db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('meta')
        .values({ key: 'seeded', value: new Date().toISOString() })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;

      // A catalogue an operator imported before the first start stays as it is: the demo
      // videos and categories fill an empty catalogue only.
      const imported = await trx.selectFrom('videos').select('id').limit(1).executeTakeFirst();
      if (!imported) {
        await this.catalogue.bumpVersion(trx);
        await this.catalogue.appendVideos(trx, data.videos);
      }
      if (!imported && data.categories.length > 0) {
        await trx
          .insertInto('categories')
          .values(
            data.categories.map((category, position) => ({
              id: category._id,
              position,
              category_name: category.categoryName,
              description: category.description,
            })),
          )
          .execute();
      }
      for (const user of data.users) {
        await trx.insertInto('users').values(userRow(newId(), user)).execute();
      }
      if (!imported) {
        for (const transcript of data.transcripts ?? []) {
          const video = await trx
            .selectFrom('videos')
            .select('id')
            .where('id', '=', transcript.videoId)
            .executeTakeFirst();
          if (video) await writeTranscript(trx, transcript, this.sqlite);
        }
      }
      for (const todo of data.todos) {
        await trx
          .insertInto('todos')
          .values({ id: newId(), title: todo.title, completed: todo.completed ? 1 : 0 })
          .execute();
      }
      return true;
    });
    this.catalogue.forgetVersion();
    if (seeded) await this.catalogue.refreshAfterBulkLoad();
  }

  /**
   * After an operator's large import: fresh statistics and compact text indexes (see
   * CatalogueSql.refreshAfterBulkLoad), as after the first seed.
   */
  refreshAfterBulkLoad(): Promise<void> {
    return this.guard(() => this.catalogue.refreshAfterBulkLoad());
  }

  catalogueVersion(): Promise<string> {
    return this.catalogue.version();
  }

  countVideos(): Promise<number> {
    return this.catalogue.count();
  }

  queryVideos(query: VideoQuery): Promise<VideoPage> {
    return this.guard(() => this.catalogue.query(query));
  }

  trendingVideos(page: PageRequest): Promise<VideoPage> {
    return this.catalogue.trending(page);
  }

  searchVideos(text: string, page: PageRequest): Promise<VideoPage> {
    return this.guard(() => this.catalogue.search(text, page));
  }

  upNext(video: Video, limit: number): Promise<Video[]> {
    return this.catalogue.upNext(video, limit);
  }

  categoryNames(): Promise<string[]> {
    return this.catalogue.categoryNames();
  }

  upsertVideos(videos: Video[], source?: string): Promise<UpsertCounts> {
    return this.catalogue.upsertVideos(videos, source);
  }

  videoIdsOfSource(source: string): Promise<string[]> {
    return this.catalogue.idsOfSource(source);
  }

  upsertCategories(categories: Category[]): Promise<UpsertCounts> {
    return this.catalogue.upsertCategories(categories);
  }

  removeVideos(videoIds: string[]): Promise<number> {
    return this.catalogue.remove(videoIds);
  }

  /** One grouped count per table that names videos, a chunk of ids at a time. */
  async userDataOfVideos(videoIds: readonly string[]): Promise<Map<string, VideoUserData>> {
    const ids = [...new Set(videoIds)].filter((videoId) => !namesNothing(videoId));
    const found = new Map<string, VideoUserData>();
    const tables = [
      ['notes', 'notes'],
      ['likes', 'likes'],
      ['history', 'history'],
      ['watch_later', 'watchLater'],
      ['playlist_videos', 'playlistEntries'],
      ['lesson_marks', 'lessonMarks'],
      ['progress', 'positions'],
    ] as const;
    return this.guard(async () => {
      for (let start = 0; start < ids.length; start += VIDEOS_READ_AT_ONCE) {
        const chunk = ids.slice(start, start + VIDEOS_READ_AT_ONCE);
        for (const [table, kind] of tables) {
          const rows = await this.db
            .selectFrom(table)
            .select((eb) => ['video_id', eb.fn.countAll<number | string>().as('count')])
            .where('video_id', 'in', chunk)
            .groupBy('video_id')
            .execute();
          for (const row of rows) {
            let data = found.get(row.video_id);
            if (!data) found.set(row.video_id, (data = emptyUserData()));
            data[kind] = Number(row.count);
          }
        }
      }
      return found;
    });
  }

  getTranscript(videoId: string): Promise<Transcript | undefined> {
    if (namesNothing(videoId)) return Promise.resolve(undefined);
    return this.guard(() => readTranscript(this.db, videoId));
  }

  putTranscript(transcript: Transcript): Promise<void> {
    return this.guard(() =>
      this.catalogue.write((trx) => writeTranscript(trx, transcript, this.sqlite)),
    );
  }

  async removeTranscript(videoId: string): Promise<boolean> {
    if (namesNothing(videoId)) return false;
    return this.guard(async () => {
      if (!(await hasTranscript(this.db, videoId))) return false;
      return this.catalogue.write(async (trx) => {
        const result = await trx
          .deleteFrom('transcripts')
          .where('video_id', '=', videoId)
          .executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    });
  }

  transcriptIds(): Promise<string[]> {
    return this.guard(() => transcriptVideoIds(this.db));
  }

  readCatalogue(after: string | undefined, limit: number): Promise<CatalogueChunk> {
    return this.catalogue.read(after, limit);
  }

  listCourses(): Promise<Course[]> {
    return this.courses.list();
  }

  async getCourse(slug: string): Promise<Course | undefined> {
    if (namesNothing(slug)) return undefined;
    return this.courses.get(slug);
  }

  upsertCourses(courses: Course[]): Promise<UpsertCounts> {
    return this.guard(() => this.courses.upsert(courses));
  }

  removeCourses(slugs: string[]): Promise<number> {
    return this.courses.remove(slugs.filter((slug) => !namesNothing(slug)));
  }

  listLessonMarks(userId: string): Promise<LessonMark[]> {
    return this.courses.marks(userId);
  }

  async markLessonDone(
    userId: string,
    courseSlug: string,
    videoId: string,
    at: string,
  ): Promise<void> {
    if (namesNothing(courseSlug) || namesNothing(videoId)) throw StoreError.notFound('course');
    await this.courses.mark(userId, courseSlug, videoId, at);
  }

  async unmarkLessonDone(userId: string, courseSlug: string, videoId: string): Promise<void> {
    if (namesNothing(courseSlug) || namesNothing(videoId)) return;
    await this.courses.unmark(userId, courseSlug, videoId);
  }

  catalogueIds(offset: number, limit: number): Promise<string[]> {
    return this.guard(() => this.catalogue.ids(offset, limit));
  }

  /** One catalogue video, or undefined. */
  async getVideo(videoId: string): Promise<Video | undefined> {
    if (namesNothing(videoId)) return undefined;
    return this.guard(async () => {
      const row = await this.db
        .selectFrom('videos')
        .select(videoColumns)
        .where('id', '=', videoId)
        .executeTakeFirst();
      return row && toVideo(row);
    });
  }

  /**
   * The catalogue videos of these ids, in one statement (an `in` list on the primary key, a
   * thousand at a time: a course has at most MAX_COURSE_LESSONS lessons).
   */
  async getVideos(videoIds: readonly string[]): Promise<Video[]> {
    const ids = [...new Set(videoIds)].filter((videoId) => !namesNothing(videoId));
    if (ids.length === 0) return [];
    return this.guard(async () => {
      const videos: Video[] = [];
      for (let start = 0; start < ids.length; start += VIDEOS_READ_AT_ONCE) {
        const rows = await this.db
          .selectFrom('videos')
          .select(videoColumns)
          .where('id', 'in', ids.slice(start, start + VIDEOS_READ_AT_ONCE))
          .execute();
        for (const row of rows) videos.push(toVideo(row));
      }
      return videos;
    });
  }

  /** All categories in seed order. */
  async listCategories(): Promise<Category[]> {
    const rows = await this.db
      .selectFrom('categories')
      .select(['id', 'category_name', 'description'])
      .orderBy('position')
      .execute();
    return rows.map(toCategory);
  }

  /** One category, or undefined. */
  async getCategory(categoryId: string): Promise<Category | undefined> {
    if (namesNothing(categoryId)) return undefined;
    return this.guard(async () => {
      const row = await this.db
        .selectFrom('categories')
        .select(['id', 'category_name', 'description'])
        .where('id', '=', categoryId)
        .executeTakeFirst();
      return row && toCategory(row);
    });
  }

  /** Inserts the user; the unique email column refuses a taken one, even for racing signups. */
  async createUser(user: NewUser): Promise<StoredUser> {
    return this.guard(async () => {
      const row = userRow(newId(), user);
      try {
        await this.db.insertInto('users').values(row).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw StoreError.duplicate('users');
        throw error;
      }
      return toUser(row);
    });
  }

  /** Finds a user by (normalised) email. */
  async findUserByEmail(email: string): Promise<StoredUser | undefined> {
    return this.guard(async () => {
      const row = await this.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      return row && toUser(row);
    });
  }

  /** Every user, oldest first (by when they signed up, then by id). */
  async listUsers(): Promise<UserSummary[]> {
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'last_name', 'created_at', 'disabled'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      createdAt: row.created_at,
      disabled: Number(row.disabled) === 1,
    }));
  }

  async updateUserName(
    userId: string,
    firstName: string,
    lastName: string,
    at: string,
  ): Promise<StoredUser | undefined> {
    if (namesNothing(userId)) return undefined;
    return this.guard(async () => {
      const row = await this.db
        .updateTable('users')
        .set({ first_name: firstName, last_name: lastName, updated_at: at })
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      return row && toUser(row);
    });
  }

  async setPasswordHash(userId: string, passwordHash: string, at: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: at })
      .where('id', '=', userId)
      .execute();
  }

  async setUserDisabled(userId: string, disabled: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ disabled: disabled ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /**
   * The user's row goes, and with it (foreign keys, on delete cascade) their lists, playlists and
   * their videos, notes, positions and session generation; their todos name them as an owner.
   */
  async deleteUser(userId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('todos').where('owner', '=', `user:${userId}`).execute();
      await trx.deleteFrom('users').where('id', '=', userId).execute();
    });
  }

  /** The videos of one of the user's lists, oldest first. */
  async listVideosIn(userId: string, list: VideoListName): Promise<Video[]> {
    return (await this.hot.lists[list](userId)).map(toVideo);
  }

  /** The history, oldest first (insertion order), each video with the time it was added. */
  async listHistory(userId: string): Promise<HistoryItem[]> {
    const rows = await this.hot.history(userId);
    return rows.map((row) => ({ ...toVideo(row), watchedAt: row.added_at }));
  }

  /** Inserts the list row; the (user_id, video_id) unique constraint refuses a duplicate. */
  async addVideoTo(
    userId: string,
    list: VideoListName,
    videoId: string,
    at: string,
  ): Promise<void> {
    await this.guard(async () => {
      try {
        await videoStillThere(
          this.db
            .insertInto(listTables[list])
            .values({ user_id: userId, video_id: videoId, added_at: at })
            .execute(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw StoreError.duplicate(list);
        throw error;
      }
    });
  }

  /** Removes a video from one of the user's lists; an absent video is a no-op. */
  async removeVideoFrom(userId: string, list: VideoListName, videoId: string): Promise<void> {
    if (namesNothing(videoId)) return;
    await this.guard(() =>
      this.db.transaction().execute(async (trx) => {
        await trx
          .deleteFrom(listTables[list])
          .where('user_id', '=', userId)
          .where('video_id', '=', videoId)
          .execute();
        // A video that leaves the history leaves no place to resume it either.
        if (list === 'history') {
          await trx
            .deleteFrom('progress')
            .where('user_id', '=', userId)
            .where('video_id', '=', videoId)
            .execute();
        }
      }),
    );
  }

  /** Empties one of the user's lists (the history with every place to resume). */
  async clearList(userId: string, list: VideoListName): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom(listTables[list]).where('user_id', '=', userId).execute();
      if (list === 'history')
        await trx.deleteFrom('progress').where('user_id', '=', userId).execute();
    });
  }

  /** The user's playlists with their videos, both oldest first. */
  async listPlaylists(userId: string): Promise<Playlist[]> {
    return this.readPlaylists(userId);
  }

  /** One of the user's playlists, or undefined (also for another user's playlist). */
  async getPlaylist(userId: string, playlistId: string): Promise<Playlist | undefined> {
    if (namesNothing(playlistId)) return undefined;
    return this.guard(async () => (await this.readPlaylists(userId, playlistId))[0]);
  }

  /**
   * Creates an empty playlist owned by the user, unless they have MAX_PLAYLISTS: counted and
   * inserted under the user's lock (lockUser), so parallel creations in any process cannot pass it.
   */
  async createPlaylist(userId: string, title: string, at: string): Promise<Playlist> {
    return this.guard(() =>
      this.db.transaction().execute(async (trx) => {
        await lockUser(trx, userId, this.sqlite);
        const { count } = await trx
          .selectFrom('playlists')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_PLAYLISTS) throw StoreError.tooMany('playlists');
        const id = newId();
        await trx
          .insertInto('playlists')
          .values({ id, user_id: userId, title, created_at: at })
          .execute();
        return { _id: id, title, videos: [] };
      }),
    );
  }

  /** Deletes one of the user's playlists (its entries go with it); notFound when there is none. */
  async deletePlaylist(userId: string, playlistId: string): Promise<void> {
    if (namesNothing(playlistId)) throw StoreError.notFound('playlist');
    await this.guard(async () => {
      const result = await this.db
        .deleteFrom('playlists')
        .where('id', '=', playlistId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw StoreError.notFound('playlist');
    });
  }

  /**
   * Adds a video to one of the user's playlists, under the playlist's lock (lockPlaylist, which
   * also checks ownership). The (playlist_id, video_id) unique constraint refuses a duplicate, and
   * a video removed from the catalogue meanwhile fails its foreign key: notFound. With `before`
   * (Undo of a removal) it goes in front of the first of them still in the playlist: see
   * insertBefore.
   */
  async addVideoToPlaylist(
    userId: string,
    playlistId: string,
    videoId: string,
    at: string,
    before: readonly string[] = [],
  ): Promise<void> {
    if (namesNothing(playlistId)) throw StoreError.notFound('playlist');
    await this.guard(async () => {
      try {
        await this.db.transaction().execute(async (trx) => {
          if (!(await lockPlaylist(trx, userId, playlistId))) {
            throw StoreError.notFound('playlist');
          }
          if (before.length > 0) {
            await insertBefore(trx, playlistId, videoId, at, before);
            return;
          }
          await trx
            .insertInto('playlist_videos')
            .values({ playlist_id: playlistId, video_id: videoId, added_at: at })
            .execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw StoreError.duplicate('playlist');
        if (isForeignKeyViolation(error)) throw StoreError.notFound('video');
        throw error;
      }
    });
  }

  /**
   * Puts one of the user's playlists in the order of `videoIds`, under the playlist's lock: 'stale'
   * when they are not exactly its videos (decision 0026). The order is the rows' `seq`, which only
   * grows: the rows from the first one that moves on are written again in the new order (as
   * insertBefore does), each with its own added_at.
   */
  async reorderPlaylist(
    userId: string,
    playlistId: string,
    videoIds: readonly string[],
  ): Promise<'done' | 'stale'> {
    if (namesNothing(playlistId)) throw StoreError.notFound('playlist');
    return this.db.transaction().execute(async (trx) => {
      if (!(await lockPlaylist(trx, userId, playlistId))) throw StoreError.notFound('playlist');
      const rows = await trx
        .selectFrom('playlist_videos')
        .select(['seq', 'video_id', 'added_at'])
        .where('playlist_id', '=', playlistId)
        .orderBy('seq')
        .execute();
      const byVideo = new Map(rows.map((row) => [row.video_id, row]));
      const wanted = videoIds.map((id) => byVideo.get(id));
      if (videoIds.length !== rows.length || wanted.includes(undefined)) return 'stale';
      const first = rows.findIndex((row, index) => row.video_id !== videoIds[index]);
      if (first < 0) return 'done';
      await trx
        .deleteFrom('playlist_videos')
        .where('playlist_id', '=', playlistId)
        .where('seq', '>=', rows[first]!.seq)
        .execute();
      // One row at a time: each takes the next seq, in this order.
      for (const row of wanted.slice(first)) {
        await trx
          .insertInto('playlist_videos')
          .values({ playlist_id: playlistId, video_id: row!.video_id, added_at: row!.added_at })
          .execute();
      }
      return 'done';
    });
  }

  /**
   * Removes a video from one of the user's playlists (an absent video is a no-op), under the
   * playlist's lock; StoreError notFound when the user has no such playlist.
   */
  async removeVideoFromPlaylist(
    userId: string,
    playlistId: string,
    videoId: string,
  ): Promise<void> {
    if (namesNothing(playlistId)) throw StoreError.notFound('playlist');
    await this.guard(() =>
      this.db.transaction().execute(async (trx) => {
        if (!(await lockPlaylist(trx, userId, playlistId))) throw StoreError.notFound('playlist');
        if (namesNothing(videoId)) return;
        await trx
          .deleteFrom('playlist_videos')
          .where('playlist_id', '=', playlistId)
          .where('video_id', '=', videoId)
          .execute();
      }),
    );
  }

  /** All the user's notes, oldest first. */
  async listNotes(userId: string): Promise<Note[]> {
    const rows = await this.db
      .selectFrom('notes')
      .select(['id', 'content', 'video_id', 'time_seconds'])
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute();
    return rows.map((row) => toNote(row.id, row.content, row.video_id, row.time_seconds));
  }

  /**
   * Adds a note by the user to a catalogue video, unless the user's notes would pass MAX_NOTES or
   * MAX_NOTES_CHARACTERS: read and inserted under the user's lock (lockUser), so parallel notes
   * in any process cannot pass the caps. The characters are counted as JavaScript counts them
   * (UTF-16 code units, as the memory store and the note's own length rule do), which SQL's
   * length() does not; the notes read are at most the caps, about 1 MB, as every answer is.
   */
  async addNote(
    userId: string,
    videoId: string,
    content: string,
    at: string,
    time?: number,
  ): Promise<Note> {
    return this.guard(() =>
      this.db.transaction().execute(async (trx) => {
        await lockUser(trx, userId, this.sqlite);
        const kept = await trx
          .selectFrom('notes')
          .select('content')
          .where('user_id', '=', userId)
          .execute();
        const characters = kept.reduce((sum, row) => sum + row.content.length, 0);
        if (kept.length >= MAX_NOTES || characters + content.length > MAX_NOTES_CHARACTERS) {
          throw StoreError.tooMany('notes');
        }
        const id = newId();
        const timeSeconds = time ?? null;
        await videoStillThere(
          trx
            .insertInto('notes')
            .values({
              id,
              user_id: userId,
              video_id: videoId,
              content,
              created_at: at,
              time_seconds: timeSeconds,
            })
            .execute(),
        );
        return toNote(id, content, videoId, timeSeconds);
      }),
    );
  }

  /** Where the user stopped in each video, most recently watched first. */
  async listProgress(userId: string): Promise<Progress[]> {
    const rows = await this.db
      .selectFrom('progress')
      .select(['video_id', 'seconds', 'duration_seconds', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('updated_at', 'desc')
      // Ties by id in byte order (SQLite's binary, PostgreSQL's "C"), whatever collation the
      // database was created with (PostgreSQL's en_US would sort 'pQN…' before 'QCR…'); the
      // memory store's sort agrees for the ids a store makes (hex) and the catalogue's (ASCII).
      .orderBy(sql`video_id collate ${sql.raw(this.sqlite ? 'binary' : '"C"')}`)
      .execute();
    return rows.map((row) => ({
      videoId: row.video_id,
      seconds: Number(row.seconds),
      ...(row.duration_seconds === null ? {} : { duration: Number(row.duration_seconds) }),
      updatedAt: row.updated_at,
    }));
  }

  /**
   * Records the user's position in a video: one row per user and video, moved by an upsert. A save
   * without a duration leaves the stored one.
   */
  async saveProgress(
    userId: string,
    videoId: string,
    seconds: number,
    at: string,
    duration?: number,
  ) {
    const length = duration === undefined ? {} : { duration_seconds: duration };
    await this.guard(() =>
      videoStillThere(
        this.db
          .insertInto('progress')
          .values({ user_id: userId, video_id: videoId, seconds, updated_at: at, ...length })
          .onConflict((conflict) =>
            conflict
              .columns(['user_id', 'video_id'])
              .doUpdateSet({ seconds, updated_at: at, ...length }),
          )
          .execute(),
      ),
    );
  }

  /** Forgets the user's position in a video. */
  async deleteProgress(userId: string, videoId: string) {
    if (namesNothing(videoId)) return;
    await this.guard(() =>
      this.db
        .deleteFrom('progress')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .execute(),
    );
  }

  /**
   * Changes the text of one of the user's notes, under the user's lock (lockUser) as addNote, so
   * parallel edits and notes in any process cannot pass MAX_NOTES_CHARACTERS together.
   */
  async editNote(userId: string, noteId: string, content: string): Promise<Note> {
    if (namesNothing(noteId)) throw StoreError.notFound('note');
    return this.guard(() =>
      this.db.transaction().execute(async (trx) => {
        await lockUser(trx, userId, this.sqlite);
        const kept = await trx
          .selectFrom('notes')
          .select(['id', 'content', 'video_id', 'time_seconds'])
          .where('user_id', '=', userId)
          .execute();
        const note = kept.find((row) => row.id === noteId);
        if (!note) throw StoreError.notFound('note');
        const characters = kept.reduce((sum, row) => sum + row.content.length, 0);
        if (characters - note.content.length + content.length > MAX_NOTES_CHARACTERS) {
          throw StoreError.tooMany('notes');
        }
        await trx
          .updateTable('notes')
          .set({ content })
          .where('id', '=', noteId)
          .where('user_id', '=', userId)
          .execute();
        return toNote(note.id, content, note.video_id, note.time_seconds);
      }),
    );
  }

  /** Deletes one of the user's notes; StoreError notFound when the user has no such note. */
  async deleteNote(userId: string, noteId: string): Promise<void> {
    if (namesNothing(noteId)) throw StoreError.notFound('note');
    await this.guard(async () => {
      const result = await this.db
        .deleteFrom('notes')
        .where('id', '=', noteId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw StoreError.notFound('note');
    });
  }

  async revokeToken(tokenId: string, expiresAt: number, now: number): Promise<void> {
    await this.guard(async () => {
      // Expired entries can go: their tokens are refused for their expiry anyway.
      await this.db.deleteFrom('revoked_tokens').where('expires_at', '<', now).execute();
      await this.db
        .insertInto('revoked_tokens')
        .values({ jti: tokenId, expires_at: expiresAt })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    });
  }

  async findSession(userId: string, tokenId: string): Promise<SessionFacts | undefined> {
    return this.guard(async () => {
      const [row] = await this.hot.session(userId, tokenId);
      if (!row) return undefined;
      // The lists show catalogue videos: a catalogue write changes what each of them answers.
      const version = (writes: number | string) => `${writes}:${row.catalogue_version ?? 'none'}`;
      return {
        user: { _id: row.id, email: row.email },
        revoked: Boolean(row.revoked),
        generation: Number(row.generation ?? 0),
        listVersions: {
          likes: version(row.likes_version),
          history: version(row.history_version),
          watchlater: version(row.watch_later_version),
        },
      };
    });
  }

  async sessionGeneration(userId: string): Promise<number> {
    return this.guard(async () => {
      const row = await this.db
        .selectFrom('session_generations')
        .select('generation')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? Number(row.generation) : 0;
    });
  }

  async endAllSessions(userId: string): Promise<void> {
    await this.guard(async () => {
      // One statement, so two at once (even on two processes) both count.
      await this.db
        .insertInto('session_generations')
        .values({ user_id: userId, generation: 1 })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            generation: eb('session_generations.generation', '+', 1),
          })),
        )
        .execute();
    });
  }

  /** The samples, then the owner's own todos, oldest first. */
  async listTodos(owner: string): Promise<Todo[]> {
    return this.guard(async () => {
      const rows = await this.db
        .selectFrom('todos')
        .select(['id', 'title', 'completed'])
        .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '=', owner)]))
        .orderBy('seq')
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        title: row.title,
        completed: row.completed === 1,
      }));
    });
  }

  async trimTodos(owner: string, keep: number): Promise<void> {
    await this.guard(async () => {
      const newest = this.db
        .selectFrom('todos')
        .select('seq')
        .where('owner', '=', owner)
        .orderBy('seq', 'desc')
        .limit(keep);
      await this.db
        .deleteFrom('todos')
        .where('owner', '=', owner)
        .where('seq', 'not in', newest)
        .execute();
    });
  }

  /** Adds a todo of the owner's (no owner: a sample). */
  async addTodo(todo: Omit<Todo, '_id'>, owner?: string): Promise<Todo> {
    return this.guard(async () => {
      const id = newId();
      await this.db
        .insertInto('todos')
        .values({ id, title: todo.title, completed: todo.completed ? 1 : 0, owner: owner ?? null })
        .execute();
      return { _id: id, title: todo.title, completed: todo.completed };
    });
  }

  /** Deletes one of the owner's todos; StoreError notFound when the owner has none with that id. */
  async deleteTodo(todoId: string, owner: string): Promise<void> {
    if (namesNothing(todoId)) throw StoreError.notFound('todo');
    await this.guard(async () => {
      const result = await this.db
        .deleteFrom('todos')
        .where('id', '=', todoId)
        .where('owner', '=', owner)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw StoreError.notFound('todo');
    });
  }

  /** Playlists and their videos in one statement, so the answer is one consistent snapshot. */
  private async readPlaylists(userId: string, playlistId?: string): Promise<Playlist[]> {
    let query = this.db
      .selectFrom('playlists')
      .leftJoin('playlist_videos', 'playlist_videos.playlist_id', 'playlists.id')
      .leftJoin('videos', 'videos.id', 'playlist_videos.video_id')
      .select(['playlists.id as playlist_id', 'playlists.title as playlist_title', ...videoColumns])
      .where('playlists.user_id', '=', userId);
    if (playlistId !== undefined) query = query.where('playlists.id', '=', playlistId);
    const rows = await query.orderBy('playlists.seq').orderBy('playlist_videos.seq').execute();

    const playlists = new Map<string, Playlist>();
    for (const row of rows) {
      let playlist = playlists.get(row.playlist_id);
      if (!playlist) {
        playlist = { _id: row.playlist_id, title: row.playlist_title, videos: [] };
        playlists.set(row.playlist_id, playlist);
      }
      if (row.id !== null) playlist.videos.push(toVideo(row as VideoRow));
    }
    return [...playlists.values()];
  }

  /** Runs a statement that may carry user text, turning "cannot store this text" into a refusal. */
  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUnstorableText(error)) throw StoreError.unstorableText();
      throw error;
    }
  }
}

/**
 * Takes the user's lock for the rest of the transaction, before anything is read: what a write
 * that checks a per-user cap (notes, playlists) holds while it counts and inserts. PostgreSQL
 * locks the user's row (`for no key update`: rows that only point at the user, a like or a
 * note, do not wait for it); SQLite has one writer at a time, and a write takes its lock (a read
 * then a write could not take it if another process wrote in between: SQLITE_BUSY_SNAPSHOT).
 */
async function lockUser(
  trx: Transaction<Database>,
  userId: string,
  sqlite: boolean,
): Promise<void> {
  if (sqlite) {
    await trx
      .updateTable('users')
      .set({ updated_at: sql<string>`updated_at` })
      .where('id', '=', userId)
      .execute();
    return;
  }
  await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/**
 * Takes the lock of one of the user's playlists for the rest of the transaction, with a write
 * before anything is read: PostgreSQL locks the playlist's row, SQLite takes its write lock (a
 * read then a write could not take SQLite's lock if another process wrote in between). Every
 * change to a playlist's videos takes it first, so an Undo that writes rows again (insertBefore)
 * cannot lose an add made meanwhile, nor bring back a removal. False when the user has no such
 * playlist.
 */
async function lockPlaylist(
  trx: Transaction<Database>,
  userId: string,
  playlistId: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('playlists')
    .set({ title: sql<string>`title` })
    .where('id', '=', playlistId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * A playlist's order is its rows' `seq`, which only grows: to put a video in front of another,
 * the rows from that one on are taken out and written again after it, in the same order and
 * with their own added_at. Runs under the playlist's lock (lockPlaylist).
 */
async function insertBefore(
  trx: Transaction<Database>,
  playlistId: string,
  videoId: string,
  at: string,
  before: readonly string[],
): Promise<void> {
  const rows = await trx
    .selectFrom('playlist_videos')
    .select(['seq', 'video_id', 'added_at'])
    .where('playlist_id', '=', playlistId)
    .orderBy('seq')
    .execute();
  if (rows.some((row) => row.video_id === videoId)) throw StoreError.duplicate('playlist');
  const next = before
    .map((id) => rows.findIndex((row) => row.video_id === id))
    .find((index) => index >= 0);
  const moved = next === undefined ? [] : rows.slice(next);
  if (moved.length > 0) {
    await trx
      .deleteFrom('playlist_videos')
      .where('playlist_id', '=', playlistId)
      .where('seq', '>=', moved[0]!.seq)
      .execute();
  }
  // One row at a time: each takes the next seq, in this order.
  for (const row of [{ video_id: videoId, added_at: at }, ...moved]) {
    await trx
      .insertInto('playlist_videos')
      .values({ playlist_id: playlistId, video_id: row.video_id, added_at: row.added_at })
      .execute();
  }
}

/**
 * The reads every signed-in page visit makes, compiled once: the session check (one statement,
 * so a signed-in request pays one query before its own work; it also reads the versions of the
 * user's lists, migration 0011) and the user's video lists.
 */
function hotReads(db: Kysely<Database>, prepare: OpenDatabase['prepare']) {
  const list = (table: 'likes') =>
    prepare((userId: string) =>
      db
        .selectFrom(table)
        .innerJoin('videos', 'videos.id', `${table}.video_id`)
        .select(videoColumns)
        .where(`${table}.user_id`, '=', userId)
        .orderBy(`${table}.seq`),
    );
  return {
    session: prepare((userId: string, tokenId: string) =>
      db
        .selectFrom('users')
        .select(['id', 'email', 'likes_version', 'history_version', 'watch_later_version'])
        .select((eb) => [
          eb
            .exists(eb.selectFrom('revoked_tokens').select('jti').where('jti', '=', tokenId))
            .as('revoked'),
          eb
            .selectFrom('session_generations')
            .select('generation')
            .where('user_id', '=', userId)
            .as('generation'),
          eb
            .selectFrom('meta')
            .select('value')
            .where('key', '=', 'catalogue_version')
            .as('catalogue_version'),
        ])
        .where('id', '=', userId),
    ),
    lists: {
      likes: list(listTables.likes),
      history: list(listTables.history),
      watchlater: list(listTables.watchlater),
    } satisfies Record<VideoListName, unknown>,
    history: prepare((userId: string) =>
      db
        .selectFrom('history')
        .innerJoin('videos', 'videos.id', 'history.video_id')
        .select([...videoColumns, 'history.added_at'])
        .where('history.user_id', '=', userId)
        .orderBy('history.seq'),
    ),
  };
}

function toNote(id: string, content: string, videoId: string, time: number | null): Note {
  return time === null
    ? { _id: id, content, videoId }
    : { _id: id, content, videoId, time: Number(time) };
}

function toCategory(row: { id: string; category_name: string; description: string }): Category {
  return { _id: row.id, categoryName: row.category_name, description: row.description };
}

function userRow(id: string, user: NewUser): Insertable<UsersTable> & UserFields {
  return {
    id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    password_hash: user.passwordHash,
    extras: JSON.stringify(user.extras),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
  };
}
