import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../testing/test-databases';
import { RecordFileError, openRecordFile, type SourceRecord } from './read-records';

const dir = createTempDir();
afterAll(dir.drop);

let fileCount = 0;
function fileWith(text: string): string {
  fileCount += 1;
  const path = join(dir.path, `records-${fileCount}.json`);
  writeFileSync(path, text);
  return path;
}

async function readAll(path: string): Promise<SourceRecord[]> {
  const file = await openRecordFile(path);
  const records: SourceRecord[] = [];
  for await (const record of file.records()) records.push(record);
  return records;
}

describe('openRecordFile', () => {
  it('reads JSON Lines with line numbers, skipping blank lines, CRLF and a BOM', async () => {
    const path = fileWith('\uFEFF{"a":1}\r\n\r\n  \n{"a":2}\n[3]');
    expect((await openRecordFile(path)).format).toBe('json-lines');
    expect(await readAll(path)).toEqual([
      { where: 'line 1', position: 1, ok: true, value: { a: 1 } },
      { where: 'line 4', position: 4, ok: true, value: { a: 2 } },
      { where: 'line 5', position: 5, ok: true, value: [3] },
    ]);
  });

  it('reports a line that is not JSON with the parser message', async () => {
    const records = await readAll(fileWith('{"a":1}\n{"a":\n'));
    expect(records[1]).toMatchObject({ where: 'line 2', ok: false });
    expect(records[1]!.ok ? '' : records[1]!.problem).toMatch(/^not valid JSON \(.+\)$/);
  });

  it('reads an array when the first non-blank character is [, by index', async () => {
    const path = fileWith('\n  [{"a":1}, {"a":2}]\n');
    const file = await openRecordFile(path);
    expect(file.format).toBe('json-array');
    expect(await readAll(path)).toEqual([
      { where: 'index 0', position: 0, ok: true, value: { a: 1 } },
      { where: 'index 1', position: 1, ok: true, value: { a: 2 } },
    ]);
    // It can be read twice (check, then apply).
    let count = 0;
    for await (const _record of file.records()) count += 1;
    expect(count).toBe(2);
  });

  it('makes a broken array one whole-file problem', async () => {
    const path = fileWith('[{"a":1},');
    await expect(readAll(path)).rejects.toThrow(new RegExp(`^${path}: not valid JSON \\(`));
    await expect(readAll(path)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('reads a pretty-printed object as one JSON object, not as lines', async () => {
    const value = { _id: 'a', nested: { list: [1, 2] } };
    const path = fileWith(`\uFEFF${JSON.stringify(value, null, 2)}\n`);
    const file = await openRecordFile(path);
    expect(file.format).toBe('json-object');
    expect(await readAll(path)).toEqual([{ where: 'the object', position: 0, ok: true, value }]);
    // An object on one line is still JSON Lines (of one record).
    expect((await openRecordFile(fileWith(`${JSON.stringify(value)}\n`))).format).toBe(
      'json-lines',
    );
    // A pretty-printed array was always read whole.
    expect((await openRecordFile(fileWith(JSON.stringify([value], null, 2)))).format).toBe(
      'json-array',
    );
  });

  it('makes a broken pretty-printed object one whole-file problem, and keeps broken lines apart', async () => {
    const path = fileWith('{\n  "_id": "a",\n  "title": \n}\n');
    await expect(readAll(path)).rejects.toThrow(new RegExp(`^${path}: not valid JSON \\(`));
    await expect(readAll(path)).rejects.toMatchObject({ reason: 'invalid' });
    // Lines whose first one is broken (not a lone opening brace) are lines, each its own problem.
    const records = await readAll(fileWith('{"a":\n{"a":2}\n'));
    expect(records.map((record) => record.ok)).toEqual([false, true]);
  });

  it('has no records in an empty or blank file', async () => {
    expect(await readAll(fileWith(''))).toEqual([]);
    expect(await readAll(fileWith(' \n\n\t\n'))).toEqual([]);
  });

  it('refuses a missing file or a folder as unreadable', async () => {
    const missing = join(dir.path, 'missing.jsonl');
    await expect(openRecordFile(missing)).rejects.toBeInstanceOf(RecordFileError);
    await expect(openRecordFile(missing)).rejects.toMatchObject({ reason: 'unreadable' });
    await expect(openRecordFile(dir.path)).rejects.toThrow(`${dir.path}: not a file`);
  });

  it('reports progress in bytes up to the file size', async () => {
    const path = fileWith('{"a":1}\n'.repeat(3000));
    const file = await openRecordFile(path);
    const seen: number[] = [];
    for await (const _record of file.records((bytes) => seen.push(bytes))) {
      // read everything
    }
    expect(seen.at(-1)).toBe(file.size);
  });
});
