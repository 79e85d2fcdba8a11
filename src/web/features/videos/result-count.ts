/** How many videos a search found, as the results page says it ('More than 1,000 results'). */
export function resultCount(total: number, capped: boolean): string {
  if (capped) return `More than ${total.toLocaleString('en-US')} results`;
  return `${total.toLocaleString('en-US')} ${total === 1 ? 'result' : 'results'}`;
}
