/**
 * One way to print a benchmark's figures, so every bench reads the same in `npm run bench`'s
 * output and docs/benchmarks.md can be filled in from it line by line.
 */

/** Whether bigger is better (throughput, score) or smaller is better (latency, size). */
export type Direction = 'at-least' | 'at-most';

/** A figure against its goal: `ratio = value / goal`; PASS when on the right side of 1. */
export function verdict(value: number, goal: number, direction: Direction) {
  const ratio = value / goal;
  const pass = direction === 'at-least' ? value >= goal : value <= goal;
  return { ratio, pass };
}

export const fmt = (value: number, digits = 2) =>
  Number.isFinite(value) ? value.toFixed(digits) : String(value);

/** `label: 87.3 KB (goal ≤ 100 KB) ratio 0.87 PASS` */
export function printGoal(
  label: string,
  value: number,
  goal: number,
  direction: Direction,
  unit = '',
  digits = 2,
): boolean {
  const { ratio, pass } = verdict(value, goal, direction);
  const sign = direction === 'at-least' ? '≥' : '≤';
  console.log(
    `  ${label}: ${fmt(value, digits)}${unit} (goal ${sign} ${fmt(goal, digits)}${unit}) ` +
      `ratio ${fmt(ratio)} ${pass ? 'PASS' : 'SHORT'}`,
  );
  return pass;
}

/** `label: 0 (goal 0) PASS` for a count that must be zero, where a ratio means nothing. */
export function printZeroGoal(label: string, count: number): boolean {
  console.log(`  ${label}: ${count} (goal 0) ${count === 0 ? 'PASS' : 'SHORT'}`);
  return count === 0;
}

/** `label: ratio 0.87 (goal ≥ 0.80) PASS` for a figure that is itself a ratio of two runs. */
export function printRatioGoal(label: string, ratio: number, goal: number): boolean {
  const pass = ratio >= goal;
  console.log(`  ${label}: ratio ${fmt(ratio)} (goal ≥ ${fmt(goal)}) ${pass ? 'PASS' : 'SHORT'}`);
  return pass;
}

/** `label: 1.23 (a / b, baseline: …)` for a figure against a same-run baseline, no goal. */
export function printRatio(label: string, ratio: number, detail: string): void {
  console.log(`  ${label}: ratio ${fmt(ratio)} (${detail})`);
}

export function printLine(text: string): void {
  console.log(`  ${text}`);
}
