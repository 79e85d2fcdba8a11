import { createWriteStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { basename, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import type { Store } from '../../api/store/store';
import {
  CaptionError,
  captionFileName,
  MAX_CAPTION_FILE_BYTES,
  parseCaptions,
  type CaptionFileName,
} from './transcript-files';

/**
 * `npm run catalogue -- transcripts …`: import caption files (WebVTT, SRT) as the videos'
 * transcripts, remove them, export them (docs/transcripts.md).
 */

export const TRANSCRIPTS_USAGE = `  transcripts import <file-or-folder>  put each caption file (.vtt, .srt) in place of its video's
                                      transcript: <id>.vtt, <id>.<lang>.vtt, <id>.srt, or
                                      yt-dlp's "<title> [<id>].<lang>.vtt"; each file whole
                                      or not at all (exit 1: a file was refused, others went in)
  transcripts remove <id>...          remove videos' transcripts
  transcripts export [--out <file>]   every transcript as JSON Lines ({videoId, language, cues})`;

interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** A command line the transcripts commands cannot run: what is wrong, in one sentence. */
export function transcriptsUsageProblem(
  args: string[],
  out: string | undefined,
): string | undefined {
  const [action, ...rest] = args;
  if (action === 'import') {
    if (rest.length !== 1) return 'transcripts import takes one file or folder';
  } else if (action === 'remove') {
    if (rest.length === 0) return 'transcripts remove takes one or more video ids';
  } else if (action === 'export') {
    if (rest.length > 0) return 'transcripts export takes no arguments';
  } else {
    return 'transcripts takes import, remove or export';
  }
  if (out !== undefined && action !== 'export') return '--out is an option of export';
  return undefined;
}

/** A path the operator named that is not there or holds no caption file: exit 2. */
export class TranscriptPathError extends Error {}

const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

/** The caption files a path names: the file itself, or a folder's .vtt and .srt files, sorted. */
async function captionFiles(
  path: string,
  label: string,
): Promise<{ files: string[]; folder: boolean }> {
  let info;
  try {
    info = await stat(path);
  } catch {
    throw new TranscriptPathError(`${label}: cannot read it (no such file or folder)`);
  }
  if (!info.isDirectory()) return { files: [path], folder: false };
  const names = (await readdir(path)).filter((name) => /\.(vtt|srt)$/i.test(name)).sort();
  if (names.length === 0) {
    throw new TranscriptPathError(`${label}: the folder holds no .vtt or .srt file`);
  }
  return { files: names.map((name) => join(path, name)), folder: true };
}

/**
 * Imports every caption file: each one whole or not at all (a bad cue refuses its file, with the
 * line), a file naming no catalogue video is reported, the others go in. Importing again replaces.
 * Exit 0 when every file went in, 1 when any was refused.
 */
async function importTranscripts(
  store: Store,
  path: string,
  label: string,
  io: Output,
): Promise<number> {
  const { files, folder } = await captionFiles(path, label);
  // A folder's files by their own names, even when it holds one.
  const named = (file: string) => (folder ? join(label, basename(file)) : label);
  let imported = 0;
  let cues = 0;
  let refused = 0;
  const taken = new Map<string, string>();
  for (const file of files) {
    const name = captionFileName(basename(file));
    if (!name) {
      io.err(
        `${named(file)}: the name does not say the video: <id>.vtt, <id>.<lang>.vtt, <id>.srt or "<title> [<id>].<lang>.vtt"`,
      );
      refused += 1;
      continue;
    }
    const earlier = taken.get(name.videoId);
    if (earlier !== undefined) {
      io.err(`${named(file)}: skipped: ${earlier} is the transcript of video ${name.videoId}`);
      continue;
    }
    const done = await importFile(store, file, named(file), name, io);
    if (done === undefined) {
      refused += 1;
      continue;
    }
    taken.set(name.videoId, named(file));
    imported += 1;
    cues += done;
  }
  io.out(
    `imported ${counted(imported, 'transcript', 'transcripts')} (${counted(cues, 'line', 'lines')})`,
  );
  if (refused > 0) {
    io.err(`${counted(refused, 'file was', 'files were')} not imported: fix them and run again`);
    return 1;
  }
  return 0;
}

/** One file: how many cues went in, or undefined when it was refused (said on `io.err`). */
async function importFile(
  store: Store,
  file: string,
  label: string,
  name: CaptionFileName,
  io: Output,
): Promise<number | undefined> {
  const { size } = await stat(file);
  if (size > MAX_CAPTION_FILE_BYTES) {
    io.err(`${label}: the file is larger than ${MAX_CAPTION_FILE_BYTES / 1024 / 1024} MB`);
    return undefined;
  }
  let parsed;
  try {
    parsed = parseCaptions(await readFile(file, 'utf8'), name.format);
  } catch (error) {
    if (!(error instanceof CaptionError)) throw error;
    io.err(`${label}:${error.line}: ${error.message}`);
    return undefined;
  }
  if (parsed.cues.length === 0) {
    io.err(`${label}: the file holds no cue with text`);
    return undefined;
  }
  const video = await store.getVideo(name.videoId);
  if (!video) {
    io.err(`${label}: no video ${JSON.stringify(name.videoId)} in the catalogue`);
    return undefined;
  }
  const language = name.language ?? parsed.language;
  await store.putTranscript({
    videoId: name.videoId,
    ...(language ? { language } : {}),
    cues: parsed.cues,
  });
  return parsed.cues.length;
}

async function removeTranscripts(store: Store, ids: string[], io: Output): Promise<number> {
  let removed = 0;
  const missing: string[] = [];
  for (const id of ids) {
    if (await store.removeTranscript(id)) removed += 1;
    else missing.push(id);
  }
  io.out(`removed ${counted(removed, 'transcript', 'transcripts')}`);
  if (missing.length > 0) io.err(`no transcript for: ${missing.join(', ')}`);
  return 0;
}

/** Every transcript, one JSON object a line, in catalogue order: how many. */
async function writeTranscripts(store: Store, out: Writable): Promise<number> {
  let count = 0;
  for (const id of await store.transcriptIds()) {
    const transcript = await store.getTranscript(id);
    if (!transcript) continue;
    if (!out.write(`${JSON.stringify(transcript)}\n`)) await once(out, 'drain');
    count += 1;
  }
  return count;
}

/** Runs `transcripts <action> …` (checked by transcriptsUsageProblem): the exit status. */
export async function runTranscripts(
  args: string[],
  store: Store,
  io: Output,
  options: { typedIn: string; out?: string },
): Promise<number> {
  const [action, ...rest] = args;
  if (action === 'import') {
    const label = rest[0] ?? '';
    return importTranscripts(store, resolve(options.typedIn, label), label, io);
  }
  if (action === 'remove') return removeTranscripts(store, rest, io);
  if (options.out === undefined) {
    await writeTranscripts(store, process.stdout);
    return 0;
  }
  const out = createWriteStream(resolve(options.typedIn, options.out));
  const failed = once(out, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => {});
  const count = await Promise.race([writeTranscripts(store, out), failed]);
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  io.err(`exported ${counted(count, 'transcript', 'transcripts')} to ${options.out}`);
  return 0;
}
