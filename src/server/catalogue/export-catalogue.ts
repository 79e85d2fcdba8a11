import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { Store } from '../../api/store/store';

/** Videos read per store call. */
export const EXPORT_CHUNK_SIZE = 1_000;

/**
 * Writes every video as JSON Lines (one video a line, its fields in entity order) in catalogue
 * order, reading the catalogue a keyset chunk at a time, so memory stays flat however large it
 * is. What `import` reads back: `export | import` on a fresh database gives the same catalogue.
 * Not a snapshot: an import running meanwhile may or may not be seen. Returns how many videos.
 */
export async function exportCatalogue(
  store: Pick<Store, 'readCatalogue'>,
  out: Writable,
  chunkSize = EXPORT_CHUNK_SIZE,
): Promise<number> {
  let count = 0;
  let after: string | undefined;
  do {
    const chunk = await store.readCatalogue(after, chunkSize);
    if (chunk.videos.length > 0) {
      const text = chunk.videos
        .map(({ _id, title, channelName, views, uploadedOn, avatar, description, categoryName }) =>
          JSON.stringify({
            _id,
            title,
            channelName,
            views,
            uploadedOn,
            avatar,
            description,
            categoryName,
          }),
        )
        .join('\n');
      // Respect backpressure: a slow reader (a pipe) never makes the whole catalogue queue up.
      if (!out.write(`${text}\n`)) await once(out, 'drain');
      count += chunk.videos.length;
    }
    after = chunk.next;
  } while (after !== undefined);
  return count;
}
