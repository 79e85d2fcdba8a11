/**
 * The results page's order as one integer: SQLite's ranked search tables (migration 0007) use it
 * as their rowid, so FTS5, which returns matches in rowid order, returns them most viewed first,
 * ties in catalogue order — the order of `order by views desc, position`.
 *
 *   key = (VIEWS_CEILING - min(views, VIEWS_CEILING - 1)) × POSITION_SPAN + position
 *
 * Both factors are powers of two whose product, 2^62, stays inside SQLite's 64-bit integers.
 * Views above the ceiling (137 billion, far above any video's) rank as the ceiling; a position at
 * or beyond POSITION_SPAN (33.5 million videos ever added) cannot be ranked, and the triggers
 * refuse it instead of ranking it wrongly.
 */
export const VIEWS_CEILING = 2 ** 37;
export const POSITION_SPAN = 2 ** 25;

/** The rank key of `row` (a table name or a trigger's `new`/`old`), as SQL. */
export const rankKey = (row: string) =>
  `((${VIEWS_CEILING} - min(${row}.views, ${VIEWS_CEILING - 1})) * ${POSITION_SPAN} + ${row}.position)`;

/** The position inside a rank key, as SQL (keys exceed JavaScript's safe integers; positions do not). */
export const positionOfKey = (key: string) => `(${key} % ${POSITION_SPAN})`;
