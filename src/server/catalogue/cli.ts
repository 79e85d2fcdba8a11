import { constants, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  defineCommand,
  EXIT as FRAME_EXIT,
  messageOf,
  openServerStore,
  typedIn,
  UsageError,
  type CliIo,
} from '../cli/frame';
import { MAX_QUERY_TEXT } from '../../contract/limits';
import { exportCatalogue } from './export-catalogue';
import { FOREIGN_FORMATS, type ForeignFormat } from './foreign-formats';
import { importCatalogue } from './import-catalogue';
import {
  KEPT_ORDER,
  MAX_SOURCE_LENGTH,
  type PruneCandidate,
  importForeign,
} from './import-foreign';
import { emptyUserData, type VideoUserData } from '../../api/store/store';
import { MAX_LISTED_PROBLEMS } from './report';
import { terminalProgress } from './progress-bar';
import { RecordFileError } from './read-records';
import { removeCourses } from './remove-courses';
import { courseSlugProblem } from './validate-course';
import { removeVideos } from './remove-videos';
import { formatCounts, noCounts } from './report';
import {
  runTranscripts,
  TranscriptPathError,
  TRANSCRIPTS_USAGE,
  transcriptsUsageProblem,
} from './transcripts-cli';

/** Exit statuses (docs/operators.md, "The catalogue"). */
export const EXIT = { ...FRAME_EXIT, badData: 1 } as const;

/**
 * An import that adds or changes at least this many videos is a bulk load: the database's
 * statistics and text indexes are refreshed after it, as after the first seed.
 */
const BULK_LOAD = 10_000;

const USAGE = `Usage: npm run catalogue -- <command>

  import <file> [<categories-file>]  add and update videos (and categories) by _id
  import -                           the same, reading the file from standard input
  import --from <format> <file>      add and update videos from what YouTube tools write:
                                       yt-dlp       \`yt-dlp -J [--flat-playlist]\` (a playlist,
                                                    a channel's tab, a video) or \`-j\` lines
                                       youtube-api  YouTube Data API v3 videos.list responses
                                                    (one, an array of them, or one a line)
         --category <name>           every video's category (needed where the file has none)
         --source <name>             the source the videos belong to (default: the playlist
                                     a yt-dlp file came from; videos.list names none)
         --prune                     then list the source's videos the file no longer holds,
                                     with the notes, likes, history, playlist entries and course
                                     progress users have on each; removes nothing without --yes
         --yes                       with --prune: remove them, and what users made of them
         --dry-run                   write nothing: say what the import (and --prune) would do
         --as-course <slug>          yt-dlp: the playlist becomes that course too (lessons in the
                                     playlist's order, its title and description; run again to
                                     update it)
  export [--out <file>]              the categories, then every video, as JSON Lines, to the file
                                     or standard output (what import reads back)
  remove <id>...                     remove videos (ids starting with - go after --)
  remove --course <slug>             remove a course (and users' done marks in it)
${TRANSCRIPTS_USAGE}

Files are JSON Lines (one record a line), one JSON array, or one object written over several
lines. A record is a video, a category when it says "type": "category", or a course when it says
"type": "course" (a slug, a title, a description and "lessons": [video ids] or "sections":
[{"title", "lessons"}]); a categories file holds categories only. A video may have a duration
(whole seconds); fields no video has are refused (with --from, the format's other fields are
ignored).
The database is the server's: DATABASE_URL, DATA_DIR.
Exit status: 0 done, 1 bad data (nothing imported), 2 usage error, 3 database or disk failure.`;

/** A file named on the command line that cannot be used: a usage error, said in one sentence. */
class FileArgumentError extends Error {}

type OpenedStore = Awaited<ReturnType<typeof openServerStore>>;

/** The signals that stop a run (Ctrl-C, a service manager, a closed terminal). */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Copies standard input to a temporary file: an import reads its file twice. The file goes when
 * `drop` is called, or when a signal stops the process before that (the `finally` that calls
 * `drop` never runs then): the process then dies by that signal, as it would without a handler,
 * so the shell still sees 130 (SIGINT) or 143 (SIGTERM), and npm passes it on.
 */
async function spoolStdin(): Promise<{ path: string; drop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'codetube-import-'));
  const path = join(dir, 'stdin.jsonl');
  const drop = () => {
    for (const signal of STOP_SIGNALS) process.removeListener(signal, stop);
    rmSync(dir, { recursive: true, force: true });
  };
  const stop = (signal: NodeJS.Signals) => {
    drop();
    // No listener is left, so the signal's default action ends the process.
    process.kill(process.pid, signal);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stop);
  try {
    await pipeline(process.stdin, createWriteStream(path));
  } catch (error) {
    drop();
    throw error;
  }
  return { path, drop };
}

/** `--from` and the options that go with it. */
interface ForeignOptions {
  from: ForeignFormat;
  category?: string;
  source?: string;
  prune: boolean;
  yes: boolean;
  dryRun: boolean;
  asCourse?: string;
}

/** Checks the options of `import --from` before the database is opened. */
function foreignOptions(values: {
  from?: string;
  category?: string;
  source?: string;
  prune?: boolean;
  yes?: boolean;
  'dry-run'?: boolean;
  'as-course'?: string;
}): ForeignOptions | undefined {
  const {
    from,
    category,
    source,
    prune = false,
    yes = false,
    'dry-run': dryRun = false,
    'as-course': asCourse,
  } = values;
  if (yes && !prune) throw new UsageError('--yes goes with --prune (it confirms the removal)');
  if (dryRun && from === undefined) throw new UsageError('--dry-run goes with --from');
  if (from === undefined && asCourse !== undefined) {
    throw new UsageError(
      '--as-course goes with --from yt-dlp (a native file holds its own course records)',
    );
  }
  if (from === undefined) {
    if (category !== undefined || source !== undefined || prune) {
      throw new UsageError(
        '--category, --source and --prune go with --from (a native file names its own)',
      );
    }
    return undefined;
  }
  if (!(FOREIGN_FORMATS as readonly string[]).includes(from)) {
    throw new UsageError(
      `--from takes ${FOREIGN_FORMATS.join(' or ')}, not ${JSON.stringify(from)}`,
    );
  }
  for (const [name, value, max] of [
    ['--category', category, MAX_QUERY_TEXT],
    ['--source', source, MAX_SOURCE_LENGTH],
  ] as const) {
    if (value === undefined) continue;
    if (value.trim() === '' || value !== value.trim()) {
      throw new UsageError(`${name} takes a name (not blank, no white space around it)`);
    }
    if (value.length > max) throw new UsageError(`${name} must be at most ${max} characters`);
  }
  if (from === 'youtube-api' && prune && source === undefined) {
    throw new UsageError(
      '--prune needs --source <name> with --from youtube-api: videos.list responses name no playlist',
    );
  }
  if (asCourse !== undefined) {
    if (from !== 'yt-dlp') {
      throw new UsageError(
        '--as-course takes a yt-dlp playlist (--from yt-dlp): videos.list responses hold no playlist',
      );
    }
    const problem = courseSlugProblem(asCourse);
    if (problem) throw new UsageError(`--as-course ${JSON.stringify(asCourse)}: ${problem}`);
  }
  return {
    from: from as ForeignFormat,
    category,
    source,
    prune,
    yes,
    dryRun,
    ...(asCourse === undefined ? {} : { asCourse }),
  };
}

/** What users made, in the order docs/operators.md names it: `2 notes, 1 like`; empty for nothing. */
const USER_DATA_WORDS: readonly [keyof VideoUserData, string, string][] = [
  ['notes', 'note', 'notes'],
  ['likes', 'like', 'likes'],
  ['history', 'history entry', 'history entries'],
  ['watchLater', 'watch-later entry', 'watch-later entries'],
  ['playlistEntries', 'playlist entry', 'playlist entries'],
  ['lessonMarks', 'lesson mark', 'lesson marks'],
  ['positions', 'saved position', 'saved positions'],
];

function userDataPhrase(data: VideoUserData | undefined): string {
  if (!data) return '';
  return USER_DATA_WORDS.filter(([kind]) => data[kind] > 0)
    .map(([kind, one, many]) => counted(data[kind], one, many))
    .join(', ');
}

/** The `--prune` plan: a line per video (the first 50), then what was or would be removed. */
function printPrunePlan(
  candidates: PruneCandidate[],
  removed: number,
  foreign: ForeignOptions,
  io: CliIo,
) {
  if (candidates.length === 0) {
    io.out('pruned: removed 0 videos the file no longer holds');
    return;
  }
  const total: VideoUserData = emptyUserData();
  for (const [index, candidate] of candidates.entries()) {
    for (const [kind] of USER_DATA_WORDS) total[kind] += candidate.userData?.[kind] ?? 0;
    if (index >= MAX_LISTED_PROBLEMS) continue;
    const why = candidate.unavailable ? 'private or deleted at the source' : 'not in the file';
    const data = userDataPhrase(candidate.userData) || 'nothing users made';
    io.out(`prune ${candidate.id} ${JSON.stringify(candidate.title)} (${why}): ${data}`);
  }
  if (candidates.length > MAX_LISTED_PROBLEMS) {
    io.out(`and ${candidates.length - MAX_LISTED_PROBLEMS} more`);
  }
  const videos = counted(candidates.length, 'video', 'videos');
  const data = userDataPhrase(total);
  const withData = data ? `, with ${data}` : '';
  if (foreign.yes && !foreign.dryRun) {
    io.out(
      `pruned: removed ${counted(removed, 'video', 'videos')} the file no longer holds${withData}`,
    );
  } else if (foreign.dryRun) {
    io.out(`pruned (dry run): nothing removed: ${videos} the file no longer holds${withData}`);
  } else {
    io.out(
      `pruned: nothing removed: ${videos} the file no longer holds would go${withData}; run again with --yes to remove them`,
    );
  }
}

async function runForeignImport(
  file: string,
  foreign: ForeignOptions,
  opened: OpenedStore,
  io: CliIo,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  const spooled = file === '-' ? await spoolStdin() : undefined;
  try {
    const outcome = await importForeign(
      opened.store,
      {
        path: spooled?.path ?? resolve(typedIn(env), file),
        label: spooled ? 'stdin' : file,
        ...foreign,
      },
      { progress: terminalProgress() },
    );
    if (!outcome.ok) {
      for (const line of outcome.problems) io.err(line);
      if (outcome.noSource) return EXIT.usage;
      if (outcome.refused) {
        io.err(
          `nothing was imported: ${spooled ? 'stdin' : file} was refused as a whole (no record of it was checked); fix the problems above and run the import again`,
        );
      } else {
        io.err(`videos: ${formatCounts(noCounts(), outcome.rejected)}`);
        io.err('nothing was imported: fix the records above and run the import again');
      }
      return EXIT.badData;
    }
    if (foreign.dryRun) io.out('dry run: nothing was written; an import would do this:');
    io.out(`videos: ${formatCounts(outcome.videos, 0)}`);
    const { kept } = outcome;
    if (kept) {
      const fields = KEPT_ORDER.filter((field) => kept[field] !== undefined).map(
        (field) => `${field} of ${counted(kept[field]!, 'video', 'videos')}`,
      );
      io.out(`left as they were (the file does not give them): ${fields.join(', ')}`);
    }
    if (outcome.source !== undefined) io.out(`source: ${outcome.source}`);
    if (foreign.prune) printPrunePlan(outcome.pruneCandidates ?? [], outcome.pruned, foreign, io);
    if (outcome.courses) io.out(`courses: ${formatCounts(outcome.courses, 0)}`);
    if (outcome.skipped > 0) {
      io.err(
        `left out ${counted(outcome.skipped, 'private or deleted video', 'private or deleted videos')}`,
      );
    }
    if (outcome.repeated > 0) {
      io.err(
        `${counted(outcome.repeated, 'entry', 'entries')} named a video listed before (imported once)`,
      );
    }
    if (outcome.videos.added + outcome.videos.updated >= BULK_LOAD) {
      await opened.store.refreshAfterBulkLoad();
    }
    return EXIT.ok;
  } finally {
    spooled?.drop();
  }
}

async function runImport(
  args: string[],
  opened: OpenedStore,
  io: CliIo,
  env: NodeJS.ProcessEnv,
  foreign: ForeignOptions | undefined,
): Promise<number> {
  if (foreign) return runForeignImport(args[0]!, foreign, opened, io, env);
  const [file, categoriesFile, ...rest] = args;
  if (file === undefined || rest.length > 0) {
    throw new UsageError('import takes a file and, optionally, a categories file');
  }
  if (categoriesFile === '-') throw new UsageError('only the first file can be standard input');
  const spooled = file === '-' ? await spoolStdin() : undefined;
  try {
    // Messages name the files as the operator typed them.
    const outcome = await importCatalogue(
      opened.store,
      {
        videos: spooled?.path ?? resolve(typedIn(env), file),
        videosLabel: spooled ? 'stdin' : file,
        categories:
          categoriesFile === undefined ? undefined : resolve(typedIn(env), categoriesFile),
        categoriesLabel: categoriesFile,
      },
      { progress: terminalProgress() },
    );
    if (!outcome.ok) {
      for (const line of outcome.problems) io.err(line);
      if (outcome.refused.length === 0) {
        io.err(`videos: ${formatCounts(noCounts(), outcome.rejected.videos)}`);
        io.err(`categories: ${formatCounts(noCounts(), outcome.rejected.categories)}`);
        if (outcome.rejected.courses !== undefined) {
          io.err(`courses: ${formatCounts(noCounts(), outcome.rejected.courses)}`);
        }
        io.err('nothing was imported: fix the records above and run the import again');
      } else {
        // Its records were never told apart: counts of them would say "rejected 0".
        const files = outcome.refused.join(' and ');
        const were = outcome.refused.length === 1 ? 'was' : 'were';
        io.err(
          `nothing was imported: ${files} ${were} refused as a whole (no record of it was checked); fix the problems above and run the import again`,
        );
      }
      return EXIT.badData;
    }
    io.out(`videos: ${formatCounts(outcome.videos, 0)}`);
    io.out(`categories: ${formatCounts(outcome.categories, 0)}`);
    if (outcome.courses) io.out(`courses: ${formatCounts(outcome.courses, 0)}`);
    if (outcome.videos.added + outcome.videos.updated >= BULK_LOAD) {
      await opened.store.refreshAfterBulkLoad();
    }
    return EXIT.ok;
  } finally {
    spooled?.drop();
  }
}

/**
 * Checks that `--out` can be written (its folder exists, it is not a folder) before the database
 * is opened, so a mistyped path is a usage error, not a disk failure after a migration. Creates
 * nothing: the export opens the file only once the database is there.
 */
async function checkOutFile(path: string, label: string): Promise<void> {
  const cannot = (why: string) => new FileArgumentError(`${label}: cannot write it (${why})`);
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw cannot('it is a folder; --out takes a file');
    await access(path, constants.W_OK);
    return;
  } catch (error) {
    if (error instanceof FileArgumentError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    // Not there yet (or a file stands where a folder should be): its folder decides, below.
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw cannot(messageOf(error));
  }
  const folder = dirname(path);
  let info;
  try {
    info = await stat(folder);
  } catch {
    throw cannot(`the folder ${folder} does not exist`);
  }
  if (!info.isDirectory()) throw cannot(`${folder} is not a folder`);
  try {
    await access(folder, constants.W_OK);
  } catch (error) {
    throw cannot(`the folder ${folder} cannot be written to: ${messageOf(error)}`);
  }
}

async function runExport(
  outFile: string | undefined,
  opened: OpenedStore,
  io: CliIo,
  env: NodeJS.ProcessEnv,
) {
  if (outFile === undefined) {
    await exportCatalogue(opened.store, process.stdout);
    return EXIT.ok;
  }
  const out = createWriteStream(resolve(typedIn(env), outFile));
  const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => {});
  const count = await Promise.race([exportCatalogue(opened.store, out), failed]);
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  const categories = counted(count.categories, 'category', 'categories');
  const videos = counted(count.videos, 'video', 'videos');
  io.err(
    count.courses === 0
      ? `exported ${categories} and ${videos} to ${outFile}`
      : `exported ${categories}, ${videos} and ${counted(count.courses, 'course', 'courses')} to ${outFile}`,
  );
  return EXIT.ok;
}

/** `1 video`, `2 videos`. */
const counted = (count: number, one: string, many: string) =>
  `${count} ${count === 1 ? one : many}`;

async function runRemove(ids: string[], opened: OpenedStore, io: CliIo, courses: string[]) {
  if (courses.length > 0) {
    if (ids.length > 0) throw new UsageError('remove takes video ids or --course, not both');
    const outcome = await removeCourses(opened.store, courses);
    io.out(`removed ${counted(outcome.removed, 'course', 'courses')}`);
    if (outcome.missing.length > 0) io.err(`no such course: ${outcome.missing.join(', ')}`);
    return EXIT.ok;
  }
  if (ids.length === 0) throw new UsageError('remove takes one or more video ids');
  const { removed, missing } = await removeVideos(opened.store, ids);
  io.out(`removed ${counted(removed, 'video', 'videos')}`);
  if (missing.length > 0) io.err(`not in the catalogue: ${missing.join(', ')}`);
  return EXIT.ok;
}

/** `npm run catalogue -- <command>`. */
export const catalogueCommand = defineCommand({
  name: 'catalogue',
  usage: USAGE,
  options: {
    out: { type: 'string', short: 'o' },
    course: { type: 'string', multiple: true },
    from: { type: 'string' },
    category: { type: 'string' },
    source: { type: 'string' },
    prune: { type: 'boolean' },
    yes: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    'as-course': { type: 'string' },
  },
  positionals: true,
  isFileError: (error) =>
    error instanceof FileArgumentError ||
    error instanceof TranscriptPathError ||
    (error instanceof RecordFileError && error.reason === 'unreadable'),
  async run(call) {
    const { values, positionals, env, io } = call;
    const [command, ...args] = positionals;
    if (command === undefined) throw new UsageError('no command given');
    if (command === 'transcripts') {
      const problem = transcriptsUsageProblem(args, values.out);
      if (problem) throw new UsageError(problem);
      const out = values.out;
      if (out !== undefined) await checkOutFile(resolve(typedIn(env), out), out);
      const opened = await openServerStore(call);
      return await runTranscripts(args, opened.store, io, { typedIn: typedIn(env), out });
    }
    if (!['import', 'export', 'remove'].includes(command)) {
      throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    }
    if (values.out !== undefined && command !== 'export') {
      throw new UsageError('--out is an option of export');
    }
    if (command === 'export' && args.length > 0) throw new UsageError('export takes no arguments');
    const foreign = foreignOptions(values);
    if (foreign && command !== 'import') throw new UsageError('--from is an option of import');
    if (command === 'import' && foreign && args.length !== 1) {
      throw new UsageError('import --from takes one file (or - for standard input)');
    }
    if (command === 'import' && args.length === 0) {
      throw new UsageError('import takes a file and, optionally, a categories file');
    }
    const courses = values.course ?? [];
    if (courses.length > 0 && command !== 'remove') {
      throw new UsageError('--course is an option of remove');
    }
    if (command === 'remove' && args.length === 0 && courses.length === 0) {
      throw new UsageError('remove takes one or more video ids');
    }
    if (values.out !== undefined) {
      await checkOutFile(resolve(typedIn(env), values.out), values.out);
    }
    const opened = await openServerStore(call);
    if (command === 'import') return await runImport(args, opened, io, env, foreign);
    if (command === 'export') return await runExport(values.out, opened, io, env);
    return await runRemove(args, opened, io, courses);
  },
});
