import { SEARCH_COUNT_LIMIT } from '../../contract/limits';
import type { PageRequest } from '../store/store';

/**
 * How far a search counts its matches: SEARCH_COUNT_LIMIT, or further when the page asked for lies
 * beyond it. Counting stops there, so no search reads every match of a common word.
 */
export const countLimit = ({ offset, limit }: PageRequest) =>
  Math.max(SEARCH_COUNT_LIMIT, offset + limit);
