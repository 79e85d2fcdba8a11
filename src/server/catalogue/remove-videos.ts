import type { Store } from '../../api/store/store';

export interface RemoveOutcome {
  removed: number;
  /** The ids asked for that were not in the catalogue, in the order given. */
  missing: string[];
}

/**
 * Removes videos by id; their list entries, notes and positions go with them (foreign keys
 * cascade). Ids named twice count once.
 */
export async function removeVideos(
  store: Pick<Store, 'getVideo' | 'removeVideos'>,
  ids: string[],
): Promise<RemoveOutcome> {
  const unique = [...new Set(ids)];
  const missing: string[] = [];
  for (const id of unique) {
    if ((await store.getVideo(id)) === undefined) missing.push(id);
  }
  const removed = await store.removeVideos(unique);
  return { removed, missing };
}
