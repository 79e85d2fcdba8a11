/** One sample of the Prometheus text format: its metric name, labels and value. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** A metric family: its TYPE, HELP and samples. */
export interface MetricFamily {
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
/** The suffixes a histogram's or summary's samples add to the family's name. */
const SUFFIXES: Record<string, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['', '_sum', '_count'],
};

/**
 * Parses the Prometheus text exposition format (0.0.4) strictly, for tests: every line a
 * comment, HELP, TYPE or a sample; names and label names valid; label values quoted with only
 * `\\`, `\"` and `\n` escaped; values Go floats (NaN, +Inf, -Inf); each sample of a family
 * declared by TYPE before it (with a histogram's or summary's suffixes); a family's lines
 * together, and no series twice. Throws on the first violation, naming the line.
 */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const seen = new Set<string>();
  let current: string | undefined;
  if (text.length > 0 && !text.endsWith('\n')) throw new Error('the text must end with a newline');
  const lines = text.split('\n').slice(0, -1);
  lines.forEach((line, index) => {
    const fail = (why: string): never => {
      throw new Error(`line ${index + 1}: ${why}: ${JSON.stringify(line)}`);
    };
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const match = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!match) return; // a plain comment
      const [, keyword, name = '', rest = ''] = match;
      if (!NAME.test(name)) fail('bad metric name');
      const family = families.get(name);
      if (family && current !== name) fail('a family whose lines are not together');
      current = name;
      const entry = family ?? { type: 'untyped' as const, help: '', samples: [] };
      if (keyword === 'TYPE') {
        if (!TYPES.has(rest)) fail('unknown type');
        if (entry.samples.length > 0) fail('TYPE after samples');
        entry.type = rest as MetricFamily['type'];
      } else {
        entry.help = rest.replace(/\\(\\|n)/g, (_, c: string) => (c === 'n' ? '\n' : '\\'));
      }
      families.set(name, entry);
      return;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (\S+)( -?\d+)?$/.exec(line);
    if (!sample) return fail('not a sample');
    const [, name = '', , labelText, valueText = ''] = sample;
    const family = current === undefined ? undefined : families.get(current);
    const suffixes = family ? (SUFFIXES[family.type] ?? ['']) : [];
    if (!family || !suffixes.some((suffix) => `${current}${suffix}` === name)) {
      fail(`a sample outside its family's TYPE (family ${current ?? 'none'})`);
    }
    const labels = labelText === undefined ? {} : parseLabels(labelText, fail);
    if (!/^(NaN|[+-]Inf|[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)$/.test(valueText)) {
      fail('bad value');
    }
    const value =
      valueText === '+Inf' ? Infinity : valueText === '-Inf' ? -Infinity : Number(valueText);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(series)) fail('a series given twice');
    seen.add(series);
    family!.samples.push({ name, labels, value });
  });
  return families;
}

function parseLabels(text: string, fail: (why: string) => never): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest.length > 0) {
    const match = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/.exec(rest);
    if (!match) return fail('bad labels');
    const [whole, name = '', raw = ''] = match;
    if (!LABEL_NAME.test(name) || name in labels) fail('bad or repeated label name');
    labels[name] = raw.replace(/\\([\\"n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(whole.length);
  }
  return labels;
}

/** The value of the one sample with this name and (at least) these labels; undefined if none. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families.values()) {
    for (const sample of family.samples) {
      if (
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value)
      ) {
        return sample.value;
      }
    }
  }
  return undefined;
}
