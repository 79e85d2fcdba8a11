/**
 * A number with commas between its thousands (1234567 → '1,234,567'), what English number
 * formatting writes, without Intl: making a number formatter loads the browser's locale data, a
 * cost the app's code would pay in the task that starts every page.
 */
export function groupDigits(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
