import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];
// Builds and databases live in temp folders: removed when the bench process ends, however it ends.
process.once('exit', () => {
  for (const path of made) rmSync(path, { recursive: true, force: true });
});

/** A fresh temp folder, deleted when the process exits. */
export function tempDir(label: string): string {
  const path = mkdtempSync(join(tmpdir(), `codetube-bench-${label}-`));
  made.push(path);
  return path;
}
