/**
 * A number with commas between its thousands (1234567 → '1,234,567'), what English number
 * formatting writes, without Intl: making a number formatter loads the browser's locale data, a
 * cost the app's code would pay in the task that starts every page.
 */
export function groupDigits(value: number): string {
  const [whole = '', fraction] = String(value).split('.');
  // By hand, from the left: a lookahead to the end from each digit is quadratic in their count.
  if (!/^-?\d+$/.test(whole)) return String(value); // Infinity, NaN, 1e+21
  const sign = whole.startsWith('-') ? '-' : '';
  const digits = whole.slice(sign.length);
  let grouped = sign + digits.slice(0, ((digits.length + 2) % 3) + 1);
  for (let at = grouped.length - sign.length; at < digits.length; at += 3) {
    grouped += `,${digits.slice(at, at + 3)}`;
  }
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
