import type { Video } from '../../contract/entities';

/** Whether an upsert would change nothing: the same fields with the same values. */
export const sameVideo = (a: Video, b: Video) =>
  Object.keys(a).length === Object.keys(b).length &&
  (Object.keys(a) as (keyof Video)[]).every((key) => a[key] === b[key]);
