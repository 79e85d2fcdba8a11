import type { Category, Video } from '../../contract/entities';
import type { Store, UpsertCounts } from '../../api/store/store';
import type { Course } from '../../contract/courses';
import { CourseRecords, writeCourses } from './course-records';
import { type RecordFile, RecordFileError, openRecordFile } from './read-records';
import { ProblemList, addCounts, noCounts } from './report';
import { checkCourseRecord, isCourseRecord } from './validate-course';
import { type Checked, checkRecord } from './validate-video';

/** What an import writes through: one transaction per call. */
export type CatalogueWriter = Pick<
  Store,
  'upsertVideos' | 'upsertCategories' | 'upsertCourses' | 'getVideo'
>;

/** Records written per store call, so per transaction. */
export const IMPORT_BATCH_SIZE = 1_000;

/** Where an import is: checking the files (bytes read) or writing them (records written). */
export interface ImportProgress {
  start(phase: 'checking' | 'importing', total: number): void;
  update(done: number): void;
  stop(): void;
}

export interface ImportFiles {
  /** Videos, and categories marked `"type": "category"`. */
  videos: string;
  /** Optionally a second file of categories only. */
  categories?: string;
  /** How messages name the videos file when not by its path (e.g. `stdin`). */
  videosLabel?: string;
  /** How messages name the categories file when not by its path. */
  categoriesLabel?: string;
}

export type ImportOutcome =
  | {
      ok: true;
      videos: UpsertCounts;
      categories: UpsertCounts;
      /** Only when the file holds course records. */
      courses?: UpsertCounts;
    }
  | {
      ok: false;
      /** The messages to print: the first ones word for word, then `and N more`. */
      problems: string[];
      /** How many records broke a rule (nothing was imported). */
      rejected: { videos: number; categories: number; courses?: number };
      /**
       * The files refused as a whole (an array that is not valid JSON, or too large), as messages
       * name them: their records could not even be told apart, so `rejected` does not count them.
       */
      refused: string[];
    };

/** The id registers of the check pass: the only thing that grows with the file. */
interface CheckState {
  problems: ProblemList;
  /** Video id → its line or index in the videos file. */
  videoIds: Map<string, number>;
  /** Category id → where it was first seen (categories are few). */
  categoryIds: Map<string, string>;
  valid: { videos: number; categories: number };
  rejected: { videos: number; categories: number };
  /** The files refused as a whole. */
  refused: string[];
  /** Course records (`"type": "course"`, the videos file only). */
  courses: CourseRecords;
}

/** `on line 2` / `at index 2`, and `of <file>` when the import reads two files. */
function placePhrase(where: string, file: string | undefined): string {
  return `${where.startsWith('index') ? 'at' : 'on'} ${where}${file ? ` of ${file}` : ''}`;
}

function idOf(checked: Checked): string | undefined {
  if (!checked.ok) return checked.id;
  return checked.kind === 'video' ? checked.video._id : checked.category._id;
}

/**
 * Checks every record of one file, streaming; adds its problems to `state`. `prefix` names the
 * file in each message when the import reads two files.
 */
async function checkFile(
  file: RecordFile,
  expect: 'any' | 'category',
  state: CheckState,
  twoFiles: boolean,
  progress: ImportProgress | undefined,
): Promise<void> {
  const { problems } = state;
  const prefix = twoFiles ? `${file.path}: ` : '';
  const fallbackKind = expect === 'category' ? 'category' : 'video';
  let records = 0;
  progress?.start('checking', file.size);
  try {
    for await (const record of file.records((bytes) => progress?.update(bytes))) {
      records += 1;
      const at = `${prefix}${record.where}: `;
      if (!record.ok) {
        problems.add(at + record.problem);
        state.rejected[fallbackKind === 'video' ? 'videos' : 'categories'] += 1;
        continue;
      }
      if (expect === 'any' && isCourseRecord(record.value)) {
        state.courses.check(record.value, at, record.where, problems);
        continue;
      }
      const checked = checkRecord(record.value, expect);
      const kind = checked.ok ? checked.kind : (checked.kind ?? fallbackKind);
      let bad = !checked.ok;
      if (!checked.ok) for (const problem of checked.problems) problems.add(at + problem);
      const id = idOf(checked);
      if (id !== undefined) {
        // Videos come only from the first file: their register keeps a number, not a phrase.
        const earlier =
          kind === 'video'
            ? mapGet(state.videoIds, id, (position) =>
                placePhrase(
                  file.format === 'json-lines' ? `line ${position}` : `index ${position}`,
                  undefined,
                ),
              )
            : state.categoryIds.get(id);
        if (earlier !== undefined) {
          problems.add(`${at}_id ${JSON.stringify(id)} appears again (first ${earlier})`);
          bad = true;
        } else if (kind === 'video') {
          state.videoIds.set(id, record.position);
        } else {
          state.categoryIds.set(id, placePhrase(record.where, twoFiles ? file.path : undefined));
        }
      }
      state[bad ? 'rejected' : 'valid'][kind === 'video' ? 'videos' : 'categories'] += 1;
    }
  } catch (error) {
    // An array that is not valid JSON: the whole file is one problem.
    if (!(error instanceof RecordFileError)) throw error;
    problems.add(error.message);
    state.refused.push(file.path);
    return;
  } finally {
    progress?.stop();
  }
  if (records === 0) {
    problems.add(`${file.path}: no ${expect === 'category' ? 'categories' : 'videos'} found`);
  }
}

function mapGet<T>(map: Map<string, number>, key: string, describe: (value: number) => T) {
  const value = map.get(key);
  return value === undefined ? undefined : describe(value);
}

/** Reads a checked file again and writes it a batch (one transaction) at a time. */
async function applyFile(
  file: RecordFile,
  expect: 'any' | 'category',
  store: CatalogueWriter,
  batchSize: number,
  totals: {
    videos: UpsertCounts;
    categories: UpsertCounts;
    courses: UpsertCounts;
    written: number;
  },
  progress: ImportProgress | undefined,
): Promise<void> {
  let videos: Video[] = [];
  let categories: Category[] = [];
  const courses: Course[] = [];
  const flushVideos = async () => {
    if (videos.length === 0) return;
    addCounts(totals.videos, await store.upsertVideos(videos));
    totals.written += videos.length;
    videos = [];
    progress?.update(totals.written);
  };
  const flushCategories = async () => {
    if (categories.length === 0) return;
    addCounts(totals.categories, await store.upsertCategories(categories));
    totals.written += categories.length;
    categories = [];
    progress?.update(totals.written);
  };
  for await (const record of file.records()) {
    if (record.ok && expect === 'any' && isCourseRecord(record.value)) {
      const course = checkCourseRecord(record.value);
      if (!course.ok) {
        throw new Error(`${file.path}: ${record.where} changed while it was being imported`);
      }
      courses.push(course.course);
      continue;
    }
    const checked = record.ok ? checkRecord(record.value, expect) : undefined;
    if (!checked?.ok) {
      throw new Error(`${file.path}: ${record.where} changed while it was being imported`);
    }
    if (checked.kind === 'video') {
      videos.push(checked.video);
      if (videos.length >= batchSize) await flushVideos();
    } else {
      categories.push(checked.category);
      if (categories.length >= batchSize) await flushCategories();
    }
  }
  await flushCategories();
  await flushVideos();
  // After every video: a course's lessons may be videos of this file.
  addCounts(totals.courses, await writeCourses(store, courses));
  totals.written += courses.length;
  progress?.update(totals.written);
}

/**
 * Imports a catalogue file (and optionally a categories file) into the store.
 *
 * First every record of every file is checked, streaming (JSON Lines line by line), keeping only
 * the ids seen (to refuse an `_id` that appears twice) and the first problems. If any record is
 * bad, nothing is written. Otherwise the files are read again and written in batches of
 * `batchSize` records, each batch its own transaction (categories first): an import that dies
 * half-way leaves whole batches behind, and running it again completes it, since upserts by `_id`
 * leave what is already there unchanged.
 *
 * Throws RecordFileError (`unreadable`) when a file cannot be read at all.
 */
export async function importCatalogue(
  store: CatalogueWriter,
  files: ImportFiles,
  options: { batchSize?: number; progress?: ImportProgress } = {},
): Promise<ImportOutcome> {
  const { batchSize = IMPORT_BATCH_SIZE, progress } = options;
  const main = await openRecordFile(files.videos, files.videosLabel);
  const extra =
    files.categories === undefined
      ? undefined
      : await openRecordFile(files.categories, files.categoriesLabel);
  const state: CheckState = {
    problems: new ProblemList(),
    videoIds: new Map(),
    categoryIds: new Map(),
    valid: { videos: 0, categories: 0 },
    rejected: { videos: 0, categories: 0 },
    refused: [],
    courses: new CourseRecords(),
  };
  if (extra) await checkFile(extra, 'category', state, true, progress);
  await checkFile(main, 'any', state, extra !== undefined, progress);
  await state.courses.findLessons((id) => state.videoIds.has(id), store, state.problems);
  const hasCourses = state.courses.valid + state.courses.rejected > 0;
  if (state.problems.count > 0) {
    return {
      ok: false,
      problems: state.problems.lines(),
      rejected: {
        ...state.rejected,
        ...(hasCourses ? { courses: state.courses.rejected } : {}),
      },
      refused: state.refused,
    };
  }
  state.videoIds.clear();
  state.categoryIds.clear();

  const totals = { videos: noCounts(), categories: noCounts(), courses: noCounts(), written: 0 };
  progress?.start('importing', state.valid.videos + state.valid.categories + state.courses.valid);
  try {
    if (extra) await applyFile(extra, 'category', store, batchSize, totals, progress);
    await applyFile(main, 'any', store, batchSize, totals, progress);
  } finally {
    progress?.stop();
  }
  return {
    ok: true,
    videos: totals.videos,
    categories: totals.categories,
    ...(hasCourses ? { courses: totals.courses } : {}),
  };
}
