import type { Course } from '../../contract/courses';
import type { Video } from '../../contract/entities';
import type { Store, UpsertCounts, VideoUserData } from '../../api/store/store';
import { sameVideo, videoFieldEntries, videoFields, videoOf } from '../../contract/video-fields';
import {
  FIELD_NAMES,
  type ForeignFormat,
  type KeepableField,
  foreignEntries,
} from './foreign-formats';
import type { ImportProgress } from './import-catalogue';
import { IMPORT_BATCH_SIZE } from './import-catalogue';
import { type RecordFile, RecordFileError, openRecordFile } from './read-records';
import { ProblemList, addCounts, noCounts } from './report';
import { checkCourseRecord } from './validate-course';
import { checkRecord } from './validate-video';

/** What a foreign import writes through. */
export type ForeignWriter = Pick<
  Store,
  | 'upsertVideos'
  | 'videoIdsOfSource'
  | 'removeVideos'
  | 'upsertCourses'
  | 'getVideos'
  | 'userDataOfVideos'
>;

/** A video `--prune` weighs: the source's, not in the file (issue 42). */
export interface PruneCandidate {
  id: string;
  title: string;
  /** The file lists it as private or deleted (else it is not in the file at all). */
  unavailable: boolean;
  /** What users made of it (removed with it); undefined when nothing. */
  userData?: VideoUserData;
}

/** Per field, how many videos of the catalogue kept theirs because the file gave none. */
export type KeptFields = Partial<Record<KeepableField, number>>;

export interface ForeignImport {
  path: string;
  /** How messages name the file (e.g. `stdin`). */
  label?: string;
  from: ForeignFormat;
  /** `--category <name>`: every video's category. */
  category?: string;
  /** `--source <name>`: the source the videos are written as, whatever the file says. */
  source?: string;
  /** `--prune`: weigh the source's videos the file no longer holds (see `yes`). */
  prune?: boolean;
  /** `--yes`: with `prune`, remove them (with what users made of them); else only list them. */
  yes?: boolean;
  /** `--dry-run`: write nothing; the outcome says what the import would do. */
  dryRun?: boolean;
  /** The import's date (YYYY-MM-DD), for videos the file gives no date; default: today (UTC). */
  importedOn?: string;
  /**
   * `--as-course <slug>` (yt-dlp): the playlist becomes that course too, its videos the lessons
   * in the playlist's order, its title and description the course's (checked by the CLI).
   */
  asCourse?: string;
}

export type ForeignOutcome =
  | {
      ok: true;
      videos: UpsertCounts;
      /** The source written, if any. */
      source?: string;
      /** Videos of the source removed by `--prune` (only with `yes`). */
      pruned: number;
      /** With `prune`: the source's videos the file no longer holds (removed or not). */
      pruneCandidates?: PruneCandidate[];
      /** Private or deleted entries left out. */
      skipped: number;
      /** Entries naming a video the file listed before (kept once). */
      repeated: number;
      /** With `asCourse`: the course written (added, updated or unchanged). */
      courses?: UpsertCounts;
      /** Fields left as they were (not the avatar, which these formats rarely give); if any. */
      kept?: KeptFields;
    }
  | {
      ok: false;
      /** The file is fine but `--prune` has no source to prune (a usage error). */
      noSource?: true;
      problems: string[];
      rejected: number;
      /** The file was refused as a whole (its records could not be told apart). */
      refused: boolean;
    };

/** Source names: the same bound as an id, and no more than one line. */
export const MAX_SOURCE_LENGTH = 128;

/** checkRecord's message about a native field, naming the format's field instead. */
function inFormatTerms(format: ForeignFormat, problem: string): string {
  const [field, ...rest] = problem.split(' ');
  const name = field === undefined ? undefined : FIELD_NAMES[format][field];
  return name === undefined ? problem : [name, ...rest].join(' ');
}

/** The order the report names kept fields in (the Video's), without the quietly kept avatar. */
export const KEPT_ORDER = videoFieldEntries
  .filter(([, field]) => field.keep === 'said')
  .map(([name]) => name as KeepableField);

/**
 * A batch's videos with the fields their file did not give taken from the catalogue's copies
 * (issue 42: a `videos.list` answer without statistics keeps the views): new videos keep the
 * record's defaults. Counts into `kept`, but for quietly kept fields (the avatar).
 */
async function withKeptFields(
  store: Pick<Store, 'getVideos'>,
  batch: { video: Video; absent: KeepableField[] }[],
  kept: KeptFields,
): Promise<Video[]> {
  const ids = batch.filter((item) => item.absent.length > 0).map((item) => item.video._id);
  const stored = new Map(
    ids.length === 0 ? [] : (await store.getVideos(ids)).map((video) => [video._id, video]),
  );
  return batch.map(({ video, absent }) => {
    const before = stored.get(video._id);
    if (!before) return video;
    const keptNow = new Set<string>(absent);
    for (const field of absent) {
      if (videoFields[field].keep === 'said') kept[field] = (kept[field] ?? 0) + 1;
    }
    // The catalogue's value of each kept field: absent when it has none (an unknown duration).
    return videoOf((name) => (keptNow.has(name) ? before : video)[name]) as Video;
  });
}

/** How many records a file has, counting no further than `upTo`. */
async function recordCount(file: RecordFile, upTo: number): Promise<number> {
  let count = 0;
  for await (const _record of file.records()) {
    count += 1;
    if (count >= upTo) break;
  }
  return count;
}

/** What a course made of a playlist takes from it. */
interface PlaylistMeta {
  title?: unknown;
  description?: unknown;
}

/**
 * A yt-dlp record's playlist title and description: a `-J` playlist object's own, or (`-j`
 * lines) an entry's `playlist_title` (lines carry no playlist description).
 */
function playlistMeta(value: unknown): PlaylistMeta | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  if (record._type === 'playlist' || Array.isArray(record.entries)) {
    return { title: record.title, description: record.description };
  }
  if (record.playlist_title !== undefined) return { title: record.playlist_title };
  return undefined;
}

/** A foreign file's videos as native ones (checked), with where each is. */
async function* videosOf(
  file: RecordFile,
  request: ForeignImport,
  importedOn: string,
  onBytes?: (bytes: number) => void,
  onRecord?: (value: unknown) => void,
) {
  const options = { category: request.category, importedOn };
  // `yt-dlp -J` writes its one object on one line: the entries' places need no `line 1, `.
  const alone = file.format === 'json-lines' && (await recordCount(file, 2)) === 1;
  for await (const read of file.records(onBytes)) {
    const record = alone ? { ...read, where: 'the object' } : read;
    if (read.ok) onRecord?.(read.value);
    for (const entry of foreignEntries(request.from, record, options)) {
      if (entry.kind !== 'video') {
        yield { entry } as const;
        continue;
      }
      yield { entry, checked: checkRecord(entry.record) } as const;
    }
  }
}

/** The source of the import: `--source`, or the one playlist the file's videos all came from. */
function sourceOf(
  request: ForeignImport,
  playlists: Set<string>,
  unlisted: boolean,
): { source?: string; why?: string } {
  if (request.source !== undefined) return { source: request.source };
  if (request.from === 'youtube-api') {
    return { why: 'videos.list responses name no playlist' };
  }
  if (playlists.size === 1 && !unlisted) return { source: `yt-dlp:${[...playlists][0]!}` };
  if (playlists.size === 0) {
    return {
      why: 'the file names no playlist (a single video, or -j lines without playlist_id)',
    };
  }
  const named = [...playlists].slice(0, 5).join(', ');
  return {
    why: unlisted
      ? `some videos of the file come from no playlist, others from ${named}`
      : `the file holds the videos of ${playlists.size} playlists (${named}${playlists.size > 5 ? ', …' : ''})`,
  };
}

/**
 * Imports a yt-dlp or YouTube Data API file: every video is mapped and checked first (nothing is
 * written if any is bad, as in a native import), then written in batches of `batchSize`, each
 * its own transaction, as the source's when there is one (`--source`, or the file's one
 * playlist); then, with `prune`, the source's videos the file does not hold are removed. Private
 * and deleted entries are left out (and, being out of the file, pruned); an entry naming a video
 * listed before is kept once.
 *
 * Throws RecordFileError (`unreadable`) when the file cannot be read at all.
 */
export async function importForeign(
  store: ForeignWriter,
  request: ForeignImport,
  options: { batchSize?: number; progress?: ImportProgress } = {},
): Promise<ForeignOutcome> {
  const { batchSize = IMPORT_BATCH_SIZE, progress } = options;
  const importedOn = request.importedOn ?? new Date().toISOString().slice(0, 10);
  const file = await openRecordFile(request.path, request.label);
  const problems = new ProblemList();
  const ids = new Map<string, string>();
  const playlists = new Set<string>();
  let unlisted = false;
  let rejected = 0;
  let valid = 0;
  let skipped = 0;
  let repeated = 0;
  let meta: PlaylistMeta | undefined;
  const unavailable = new Set<string>();
  progress?.start('checking', file.size);
  try {
    for await (const { entry, checked } of videosOf(
      file,
      request,
      importedOn,
      (bytes) => progress?.update(bytes),
      (value) => (meta ??= playlistMeta(value)),
    )) {
      if (entry.kind === 'skipped') {
        skipped += 1;
        if (entry.id !== undefined) unavailable.add(entry.id);
        continue;
      }
      if (entry.kind === 'problem' || !checked?.ok) {
        const list =
          entry.kind === 'problem'
            ? entry.problems
            : checked && !checked.ok
              ? checked.problems.map((problem) => inFormatTerms(request.from, problem))
              : [];
        for (const problem of list) problems.add(`${entry.where}: ${problem}`);
        rejected += 1;
        continue;
      }
      if (checked.kind !== 'video') continue;
      if (ids.has(checked.video._id)) {
        repeated += 1;
        continue;
      }
      ids.set(checked.video._id, entry.where);
      if (entry.playlist !== undefined) playlists.add(entry.playlist);
      else unlisted = true;
      valid += 1;
    }
  } catch (error) {
    if (!(error instanceof RecordFileError)) throw error;
    return { ok: false, problems: [error.message], rejected: 0, refused: true };
  } finally {
    progress?.stop();
  }
  if (problems.count === 0 && valid === 0) {
    const left = skipped > 0 ? ` (${skipped} private or deleted left out)` : '';
    problems.add(`${file.path}: no videos found${left}`);
  }
  if (problems.count > 0) {
    return { ok: false, problems: problems.lines(), rejected, refused: false };
  }
  const { source, why } = sourceOf(request, playlists, unlisted);
  if (request.prune && source === undefined) {
    return {
      ok: false,
      noSource: true,
      problems: [
        `--prune needs the source whose videos it weighs, and ${why}: name one with --source <name>`,
      ],
      rejected: 0,
      refused: false,
    };
  }
  let course: Course | undefined;
  if (request.asCourse !== undefined) {
    const { why } = sourceOf({ ...request, source: undefined }, playlists, unlisted);
    if (why !== undefined) {
      return {
        ok: false,
        noSource: true,
        problems: [
          `--as-course needs one playlist (\`yt-dlp -J --flat-playlist <playlist URL>\`), and ${why}`,
        ],
        rejected: 0,
        refused: false,
      };
    }
    // Checked as a course record of a native file is: the title, the description, the lessons.
    const checked = checkCourseRecord({
      type: 'course',
      slug: request.asCourse,
      title: meta?.title,
      description: meta?.description ?? '',
      lessons: [...ids.keys()],
    });
    if (!checked.ok) {
      return {
        ok: false,
        problems: checked.problems.map((problem) => `the playlist, as a course: ${problem}`),
        rejected: 0,
        refused: false,
      };
    }
    course = checked.course;
  }

  const counts = noCounts();
  const kept: KeptFields = {};
  const written = new Set<string>();
  let batch: { video: Video; absent: KeepableField[] }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const videos = await withKeptFields(store, batch, kept);
    if (request.dryRun) {
      const stored = new Map(
        (await store.getVideos(videos.map((video) => video._id))).map((video) => [
          video._id,
          video,
        ]),
      );
      for (const video of videos) {
        const before = stored.get(video._id);
        if (!before) counts.added += 1;
        else if (sameVideo(before, video)) counts.unchanged += 1;
        else counts.updated += 1;
      }
    } else {
      addCounts(counts, await store.upsertVideos(videos, source));
    }
    batch = [];
    progress?.update(written.size);
  };
  progress?.start('importing', valid);
  try {
    for await (const { entry, checked } of videosOf(file, request, importedOn)) {
      if (entry.kind === 'skipped') continue;
      if (!checked?.ok || checked.kind !== 'video') {
        throw new Error(`${file.path}: ${entry.where} changed while it was being imported`);
      }
      if (written.has(checked.video._id)) continue;
      written.add(checked.video._id);
      batch.push({ video: checked.video, absent: entry.absent ?? [] });
      if (batch.length >= batchSize) await flush();
    }
    await flush();
  } finally {
    progress?.stop();
  }

  let pruned = 0;
  let pruneCandidates: PruneCandidate[] | undefined;
  if (request.prune && source !== undefined) {
    // By id: the plan reads the same on every database, run after run.
    const gone = (await store.videoIdsOfSource(source)).filter((id) => !ids.has(id)).sort();
    pruneCandidates = [];
    for (let start = 0; start < gone.length; start += batchSize) {
      const chunk = gone.slice(start, start + batchSize);
      const titles = new Map(
        (await store.getVideos(chunk)).map((video) => [video._id, video.title]),
      );
      const userData = await store.userDataOfVideos(chunk);
      for (const id of chunk) {
        const data = userData.get(id);
        pruneCandidates.push({
          id,
          title: titles.get(id) ?? '',
          unavailable: unavailable.has(id),
          ...(data ? { userData: data } : {}),
        });
      }
    }
    // Nothing users made goes without the operator's --yes (issue 42).
    if (request.yes && !request.dryRun) {
      for (let start = 0; start < gone.length; start += batchSize) {
        pruned += await store.removeVideos(gone.slice(start, start + batchSize));
      }
    }
  }
  // After its videos: every lesson is in the catalogue by now.
  const courses = course && !request.dryRun ? await store.upsertCourses([course]) : undefined;
  return {
    ok: true,
    videos: counts,
    ...(source ? { source } : {}),
    pruned,
    ...(pruneCandidates ? { pruneCandidates } : {}),
    skipped,
    repeated,
    ...(courses ? { courses } : {}),
    ...(Object.keys(kept).length > 0 ? { kept } : {}),
  };
}
