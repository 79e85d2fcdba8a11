import { groupDigits } from '../../../contract/digits';

/** How many videos a search found, as the results page says it ('More than 1,000 results'). */
export function resultCount(total: number, capped: boolean): string {
  if (capped) return `More than ${groupDigits(total)} results`;
  return `${groupDigits(total)} ${total === 1 ? 'result' : 'results'}`;
}
