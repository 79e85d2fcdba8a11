import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md's annotated tree against the files that exist, both ways:
 *
 * - every source file under src/ is named in the tree, in the part of it about the folder the file
 *   sits in (the deepest folder the tree has a line for: a file of pages/ must be named among the
 *   pages, not anywhere in the document). Tests (*.test.ts, *.test.tsx) are left out: each sits
 *   beside the module it tests and is named after it. So is a CSS module named after a component
 *   beside it (video-card.module.css next to video-card.tsx): those are that component's styles.
 *   Every other file, stylesheets included, must be named.
 * - every file or folder the document names exists: the tree's own lines, each file named in their
 *   notes (somewhere in the repository), and every path the document writes out (`src/…`, or a
 *   tail such as `http/answer-cache.ts`).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');

/** Not part of the sources: installed, built or written by runs (folders of the root). */
const outside = new Set(['.git', 'node_modules', 'dist', 'data', 'coverage', 'test-results']);

function walk(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if ((dir === '' && outside.has(entry.name)) || entry.name === 'playwright-report') return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? [`${path}/`, ...walk(path)] : [path];
  });
}
const everything = walk('');
const files = everything.filter((path) => !path.endsWith('/'));
const folders = new Set(everything.filter((path) => path.endsWith('/')));

/** One line of the tree: the files or folders it names (full paths) and its notes. */
interface Entry {
  indent: number;
  paths: string[];
  text: string;
  /** This entry's text and every entry's under it. */
  subtree: string;
}

/** Where the notes start on an entry's line; a line indented this far continues the notes. */
const NOTES_COLUMN = 23;
const name = /^[\w.-]+(\/[\w.-]+)*\/?$/;
const isName = (token: string) => name.test(token) && (token.endsWith('/') || /\.\w+$/.test(token));

function parseTree(markdown: string): Entry[] {
  const start = markdown.indexOf('```\nsrc/');
  const end = markdown.indexOf('```', start + 3);
  const lines = markdown.slice(start + 4, end).split('\n');
  const entries: Entry[] = [];
  const open: Entry[] = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    const current = entries.at(-1);
    if (indent >= NOTES_COLUMN && current) {
      current.text += ` ${line.trim()}`;
      continue;
    }
    while (open.length > 0 && open.at(-1)!.indent >= indent) open.pop();
    const parent = open.at(-1)?.paths[0] ?? '';
    // The names: the line's first tokens, one space apart (`likes/ history/`); a wider gap, or a
    // word that is no file or folder, starts the notes.
    const tokens = line.trim().split(/( +)/);
    const names: string[] = [];
    while (isName(tokens[0] ?? '')) {
      names.push(tokens.shift()!);
      if (tokens.shift() !== ' ') break;
    }
    const entry: Entry = {
      indent,
      paths: names.map((each) => parent + each),
      text: `${names.join(' ')} ${tokens.join('').trim()}`,
      subtree: '',
    };
    entries.push(entry);
    open.push(entry);
  }
  // Each entry's subtree: its text and the text of the entries that follow it, deeper.
  entries.forEach((entry, n) => {
    const under = [];
    for (const later of entries.slice(n + 1)) {
      if (later.indent <= entry.indent) break;
      under.push(later.text);
    }
    entry.subtree = [entry.text, ...under].join(' ');
  });
  return entries;
}

const tree = parseTree(doc);
const basename = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `file` named in `text` as itself: not as part of a longer name (cli.ts in catalogue-cli.ts). */
const names = (text: string, file: string) =>
  new RegExp(`(^|[^\\w.-])${escape(file)}($|[^\\w-])`).test(text);

/** Whether the tree names `path`: its own line, or in the notes of the folder it sits in. */
function documented(path: string): boolean {
  if (tree.some((entry) => entry.paths.includes(path))) return true;
  const folder = posix.dirname(path) + '/';
  const ancestors = tree.filter((entry) =>
    entry.paths.some((each) => each.endsWith('/') && folder.startsWith(each)),
  );
  const deepest = Math.max(
    ...ancestors
      .flatMap((entry) => entry.paths.filter((each) => folder.startsWith(each)))
      .map((each) => each.length),
  );
  return ancestors
    .filter((entry) =>
      entry.paths.some((each) => each.length === deepest && folder.startsWith(each)),
    )
    .some((entry) => names(entry.subtree, basename(path)));
}

/**
 * A test, a numbered migration (the tree names migrations/index.ts, which lists them in order), or
 * a component's own CSS module (named after the component beside it).
 */
function exempt(path: string): boolean {
  if (/\.test\.tsx?$/.test(path)) return true;
  if (/\/migrations\/\d{4}-[\w-]+\.ts$/.test(path)) return true;
  const component = path.match(/^(.*)\.module\.css$/)?.[1];
  return (
    component !== undefined &&
    (files.includes(`${component}.tsx`) || files.includes(`${component}.ts`))
  );
}

/** Names that look like files but are none: a package, a naming pattern, the built boot script. */
const notFiles = new Set(['highlight.js', 'use-x.ts', 'boot.js']);

describe('docs/architecture.md', () => {
  it('names every source file under src/ in its folder’s part of the tree', () => {
    const missing = files.filter(
      (path) => path.startsWith('src/') && !exempt(path) && !documented(path),
    );
    expect(missing, 'files the tree does not name').toEqual([]);
  });

  it('names only files and folders that exist', () => {
    const lines = tree.flatMap((entry) => entry.paths);
    expect(
      lines.filter((path) => !(path.endsWith('/') ? folders.has(path) : files.includes(path))),
      "the tree's lines",
    ).toEqual([]);

    const basenames = new Set(files.map(basename));
    const tokens =
      doc.match(/(?<![\w./:-])\w[\w.-]*(?:\/[\w.-]+)*\.(?:tsx?|jsx?|mjs|css|json|md)(?![\w-])/g) ??
      [];
    const named = tokens.filter((token) => !token.startsWith('dist/') && !notFiles.has(token));
    expect(
      named.filter((token) =>
        token.includes('/')
          ? !files.some((path) => path === token || path.endsWith(`/${token}`))
          : !basenames.has(token),
      ),
      'files the document names',
    ).toEqual([]);

    const written = doc.match(/(?<![\w./-])(?:src|e2e|bench|scripts|docs)\/[\w./-]*/g) ?? [];
    expect(
      written
        .map((path) => path.replace(/[.]+$/, ''))
        .filter(
          (path) => !files.includes(path) && !folders.has(path.endsWith('/') ? path : `${path}/`),
        ),
      'paths the document writes out',
    ).toEqual([]);
  });
});
