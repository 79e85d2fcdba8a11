import type { Store } from '../../api/store/store';
import type { RemoveOutcome } from './remove-videos';

/**
 * Removes courses by slug (`remove --course <slug>`); users' done marks in them go with them
 * (foreign keys cascade), their videos stay. Slugs named twice count once.
 */
export async function removeCourses(
  store: Pick<Store, 'getCourse' | 'removeCourses'>,
  slugs: string[],
): Promise<RemoveOutcome> {
  const unique = [...new Set(slugs)];
  const missing: string[] = [];
  for (const slug of unique) {
    if ((await store.getCourse(slug)) === undefined) missing.push(slug);
  }
  const removed = await store.removeCourses(unique);
  return { removed, missing };
}
