import { createReadStream } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { StringDecoder } from 'node:string_decoder';

/**
 * JSON Lines (one record a line), one JSON array of records, or one JSON object written over
 * several lines (pretty-printed: `jq .`, `yt-dlp -J | python -m json.tool`), which is one record.
 */
export type RecordFormat = 'json-lines' | 'json-array' | 'json-object';

/**
 * One record of a file and where it is: `line N` (1-based) in JSON Lines, `index N` (0-based, as
 * in `jq '.[N]'`) in an array, `the object` when the file is one pretty-printed object. A line that is not valid JSON comes with the parser's complaint.
 */
export type SourceRecord = { where: string; position: number } & (
  { ok: true; value: unknown } | { ok: false; problem: string }
);

/** A file's records, readable more than once (the import validates, then applies). */
export interface RecordFile {
  /** The file as messages name it (its path, or e.g. `stdin`). */
  path: string;
  format: RecordFormat;
  /** The file's size in bytes (progress while reading). */
  size: number;
  /** The records in file order; `onBytes` hears how far into the file reading has got. */
  records(onBytes?: (bytesRead: number) => void): AsyncIterable<SourceRecord>;
}

/**
 * A whole-file problem: `unreadable` (missing, a folder, no permission: a usage error) or
 * `invalid` (too large for an array, or an array that is not valid JSON: bad data).
 */
export class RecordFileError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'invalid',
  ) {
    super(message);
  }
}

/** An array file is parsed whole; beyond this size use JSON Lines, which streams. */
export const MAX_ARRAY_FILE_BYTES = 256 * 1024 * 1024;

const BOM = 0xfeff;

/** The first character that is not white space (nor a byte order mark), or undefined. */
async function firstSignificantCharacter(path: string): Promise<string | undefined> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    // The decoder keeps a character split between two chunks for the next one.
    const decoder = new StringDecoder('utf8');
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return undefined;
      const text = decoder.write(buffer.subarray(0, bytesRead));
      for (const character of text) {
        if (character.charCodeAt(0) === BOM || /\s/.test(character)) continue;
        return character;
      }
    }
  } finally {
    await handle.close();
  }
}

/** An error's message (JSON.parse's says what it met and where). */
function parseMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function* readJsonLines(
  path: string,
  onBytes?: (bytesRead: number) => void,
): AsyncGenerator<SourceRecord> {
  const stream = createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let lineNumber = 0;
  try {
    for await (const rawLine of lines) {
      lineNumber += 1;
      const line = lineNumber === 1 && rawLine.charCodeAt(0) === BOM ? rawLine.slice(1) : rawLine;
      if (lineNumber % 1000 === 0) onBytes?.(stream.bytesRead);
      if (line.trim() === '') continue;
      const where = `line ${lineNumber}`;
      try {
        yield { where, position: lineNumber, ok: true, value: JSON.parse(line) };
      } catch (error) {
        yield {
          where,
          position: lineNumber,
          ok: false,
          problem: `not valid JSON (${parseMessage(error)})`,
        };
      }
    }
  } finally {
    lines.close();
    stream.destroy();
  }
  onBytes?.(stream.bytesRead);
}

/** The first line that is not blank (without a byte order mark), or undefined. */
async function firstLine(path: string): Promise<string | undefined> {
  const stream = createReadStream(path);
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const rawLine of lines) {
      const line = rawLine.charCodeAt(0) === BOM ? rawLine.slice(1) : rawLine;
      if (line.trim() !== '') return line;
    }
    return undefined;
  } finally {
    lines.close();
    stream.destroy();
  }
}

const parses = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** The whole file as one JSON value (an array, or a pretty-printed object). */
async function readJsonDocument(
  path: string,
  label: string,
  size: number,
  kind: 'array' | 'object',
): Promise<unknown> {
  if (size > MAX_ARRAY_FILE_BYTES) {
    throw new RecordFileError(
      `${label}: a JSON ${kind} file may be at most ${MAX_ARRAY_FILE_BYTES / 1024 / 1024} MB; use JSON Lines (one record a line) for larger files`,
      'invalid',
    );
  }
  let text = await readFile(path, 'utf8');
  if (text.charCodeAt(0) === BOM) text = text.slice(1);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RecordFileError(`${label}: not valid JSON (${parseMessage(error)})`, 'invalid');
  }
  if (kind === 'array' && !Array.isArray(parsed)) {
    throw new RecordFileError(`${label}: not a JSON array`, 'invalid');
  }
  return parsed;
}

/**
 * Whether a file that starts with `{` is one object written over several lines rather than JSON
 * Lines: its first line is not JSON by itself, and either the whole file is (up to
 * MAX_ARRAY_FILE_BYTES), or that line is a lone `{` (no JSON line is), so a broken pretty-printed
 * object is one problem, not one per line.
 */
async function isMultiLineObject(path: string, size: number): Promise<boolean> {
  const line = await firstLine(path);
  if (line === undefined || parses(line)) return false;
  if (line.trim() === '{') return true;
  if (size > MAX_ARRAY_FILE_BYTES) return false;
  let text = await readFile(path, 'utf8');
  if (text.charCodeAt(0) === BOM) text = text.slice(1);
  return parses(text);
}

/**
 * Opens a file of records: a JSON array when its first non-blank character is `[`; one object
 * when it starts with `{` and is written over several lines (isMultiLineObject); JSON Lines
 * otherwise (an empty file is JSON Lines with no records). JSON Lines stream line by line, so a
 * file of a million lines needs no more memory than its longest line; an array or an object is
 * parsed whole (up to MAX_ARRAY_FILE_BYTES) once, and kept for the second reading.
 */
export async function openRecordFile(path: string, label = path): Promise<RecordFile> {
  let size: number;
  let first: string | undefined;
  let multiLineObject = false;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new RecordFileError(`${label}: not a file`, 'unreadable');
    size = info.size;
    first = await firstSignificantCharacter(path);
    if (first === '{') multiLineObject = await isMultiLineObject(path, size);
  } catch (error) {
    if (error instanceof RecordFileError) throw error;
    throw new RecordFileError(`${label}: cannot read it (${parseMessage(error)})`, 'unreadable');
  }
  if (multiLineObject) {
    let value: unknown;
    return {
      path: label,
      format: 'json-object',
      size,
      async *records(onBytes) {
        value ??= await readJsonDocument(path, label, size, 'object');
        onBytes?.(size);
        yield { where: 'the object', position: 0, ok: true, value };
      },
    };
  }
  if (first !== '[') {
    return {
      path: label,
      format: 'json-lines',
      size,
      records: (onBytes) => readJsonLines(path, onBytes),
    };
  }
  let items: unknown[] | undefined;
  return {
    path: label,
    format: 'json-array',
    size,
    async *records(onBytes) {
      items ??= (await readJsonDocument(path, label, size, 'array')) as unknown[];
      onBytes?.(size);
      for (const [index, value] of items.entries()) {
        yield { where: `index ${index}`, position: index, ok: true, value };
      }
    },
  };
}
