import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Store } from '../../api/store/store';
import { videoOf } from '../../contract/video-fields';
import { courseRecord } from './validate-course';

/** Videos read per store call. */
export const EXPORT_CHUNK_SIZE = 1_000;

/** How many records an export wrote. */
export interface ExportCounts {
  categories: number;
  videos: number;
  courses: number;
}

/** Writes text, waiting when the reader is slow (a pipe), so the catalogue never queues up. */
async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Writes the catalogue as JSON Lines: first every category (`"type": "category"`, in their
 * order), then every video (its fields in declared order, an optional one only when known) in catalogue
 * order, reading the videos a keyset chunk at a time, so memory stays flat however large the
 * catalogue is (categories are few), then the courses (`"type": "course"`). What `import` reads
 * back: `export | import` on a fresh database gives the same catalogue, videos, categories and
 * courses (not the import sources `--prune` goes by). Not a snapshot: an import running meanwhile
 * may or may not be seen.
 */
export async function exportCatalogue(
  store: Pick<Store, 'readCatalogue' | 'listCategories' | 'listCourses'>,
  out: Writable,
  chunkSize = EXPORT_CHUNK_SIZE,
): Promise<ExportCounts> {
  const categories = await store.listCategories();
  if (categories.length > 0) {
    const text = categories
      .map(({ _id, categoryName, description }) =>
        JSON.stringify({ type: 'category', _id, categoryName, description }),
      )
      .join('\n');
    await write(out, `${text}\n`);
  }
  let videos = 0;
  let after: string | undefined;
  do {
    const chunk = await store.readCatalogue(after, chunkSize);
    if (chunk.videos.length > 0) {
      // Fields in their declared order (video-fields.ts); an absent one (unknown duration) left out.
      const text = chunk.videos
        .map((video) => JSON.stringify(videoOf((name) => video[name])))
        .join('\n');
      await write(out, `${text}\n`);
      videos += chunk.videos.length;
    }
    after = chunk.next;
  } while (after !== undefined);
  // Courses last: an import reads their lessons as videos of the file (issue 30). A course
  // whose every video left the catalogue has nothing an import would take.
  const courses = (await store.listCourses()).filter((course) =>
    course.sections.some((section) => section.lessons.length > 0),
  );
  if (courses.length > 0) {
    await write(
      out,
      `${courses.map((course) => JSON.stringify(courseRecord(course))).join('\n')}\n`,
    );
  }
  return { categories: categories.length, videos, courses: courses.length };
}
