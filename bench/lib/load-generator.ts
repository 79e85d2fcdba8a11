/**
 * The load generator process (started by `runLoad` in load.ts, one per run): receives the
 * options over IPC, drives autocannon, and sends back the figures. See load.ts for how autocannon
 * is used and why the latency percentiles are computed here.
 */
import autocannon from 'autocannon';
import type {
  GeneratorMessage,
  GeneratorOptions,
  LoadRequest,
  LoadResult,
  SegmentFigures,
} from './load';
import { scenarios, type ConnectionLoop, type LoopRequest } from './load-scenarios';
import { LatencyHistogram } from './stats';

/** What a connection's last answer was, set by the request's onResponse just before it is timed. */
interface ConnectionState {
  label: string;
  ok: boolean;
  body: string;
}

/** The figures of a run or of one of its pieces. */
class Tally {
  readonly latency = new LatencyHistogram();
  readonly byLabel = new Map<string, { latency: LatencyHistogram; unexpected: number }>();
  readonly statuses: Record<string, number> = {};
  non2xx = 0;
  unexpected = 0;
  errors = 0;

  record(state: ConnectionState, status: number, ms: number) {
    this.latency.record(ms);
    let label = this.byLabel.get(state.label);
    if (!label) {
      label = { latency: new LatencyHistogram(), unexpected: 0 };
      this.byLabel.set(state.label, label);
    }
    label.latency.record(ms);
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status < 200 || status >= 300) this.non2xx += 1;
    if (!state.ok) {
      this.unexpected += 1;
      label.unexpected += 1;
    }
  }
}

const send = (message: GeneratorMessage) =>
  new Promise<void>((done) => process.send!(message, () => done()));

/** A request's method, path, headers and body as autocannon sends them (JSON bodies encoded). */
function encode(request: Partial<LoadRequest>, headers: Record<string, string> = {}) {
  const merged = { ...headers, ...request.headers };
  if (request.body === undefined) return { headers: merged, body: undefined };
  const body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  return { headers: { 'content-type': 'application/json', ...merged }, body };
}

const share = (total: number, parts: number, index: number) =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);

/** autocannon's form of one request of a connection's loop. */
function toAutocannon(
  request: LoopRequest,
  state: ConnectionState,
  samples: LoadResult['samples'],
): autocannon.Request {
  const fixed = encode(request);
  const expected = new Set(request.expected ?? []);
  let label = request.label;
  const entry: autocannon.Request = {
    method: request.method ?? 'GET',
    path: request.path,
    headers: fixed.headers,
    ...(fixed.body === undefined ? {} : { body: fixed.body }),
    onResponse: (status, body) => {
      state.label = label;
      state.ok = (status >= 200 && status < 300) || expected.has(status);
      if (!state.ok && samples.length < 5)
        samples.push({ label, status, body: body.slice(0, 200) });
      request.answered?.(status, body);
    },
  };
  if (request.prepare) {
    const prepare = request.prepare;
    // Only set when there is one: autocannon calls whatever the key holds.
    entry.setupRequest = (raw) => {
      const changes = prepare();
      if (changes.label !== undefined) label = changes.label;
      if (changes.path !== undefined) raw.path = changes.path;
      const { headers, body } = encode(
        { headers: changes.headers, body: changes.body },
        raw.headers as Record<string, string>,
      );
      raw.headers = headers;
      if (body !== undefined) raw.body = body;
      return raw;
    };
  }
  return entry;
}

/** Every connection's loop: a scenario's, or the same given requests for all. */
function connectionLoop(options: GeneratorOptions): ConnectionLoop {
  if (options.scenario) {
    const { name, args } = options.scenario;
    return (scenarios[name] as (args: unknown) => ConnectionLoop)(args);
  }
  const given: LoadRequest[] = options.requests ?? [
    {
      method: options.method ?? 'GET',
      path: new URL(options.url).pathname + new URL(options.url).search,
      headers: options.headers,
      body: options.body,
    },
  ];
  const loop = given.map((request) => ({
    ...request,
    label: request.label ?? `${request.method ?? 'GET'} ${request.path}`,
  }));
  return () => loop;
}

/**
 * One autocannon instance, or with a rate one per connection (each with its share of the rate and
 * of `amount`), started 1 / connections s apart: autocannon refills every connection's budget at
 * the same moment of each second, so one instance would send the second's requests in one burst.
 */
function plan(options: GeneratorOptions) {
  const rate = options.overallRate === undefined ? undefined : Math.round(options.overallRate);
  if (rate === undefined) {
    return [{ connections: options.connections, rate, amount: options.amount, delayMs: 0 }];
  }
  const count = Math.max(1, Math.min(options.connections, rate, options.amount ?? rate));
  return Array.from({ length: count }, (_, index) => ({
    connections: 1,
    rate: share(rate, count, index),
    amount: options.amount === undefined ? undefined : share(options.amount, count, index),
    delayMs: (index * 1000) / count,
  }));
}

async function run(options: GeneratorOptions): Promise<LoadResult> {
  const loop = connectionLoop(options);
  const origin = new URL(options.url).origin;
  const total = new Tally();
  let segment = new Tally();
  const samples: LoadResult['samples'] = [];
  const errorSamples: string[] = [];
  const errorKinds: Record<string, number> = {};
  let connection = 0;
  let lastAnswer = 0;
  const setupClient = (client: autocannon.Client) => {
    const state: ConnectionState = { label: '', ok: true, body: '' };
    client.setRequests(loop(connection++).map((request) => toAutocannon(request, state, samples)));
    client.on('response', (status: number, _bytes: number, ms: number) => {
      lastAnswer = performance.now();
      total.record(state, status, ms);
      segment.record(state, status, ms);
    });
  };

  const instances = plan(options);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let segmentStarted = started;
  const cut = async (index: number) => {
    const now = performance.now();
    const piece = segment;
    segment = new Tally();
    const seconds = (now - segmentStarted) / 1000;
    segmentStarted = now;
    const figures: SegmentFigures = {
      seconds,
      requests: piece.latency.count,
      requestsPerSecond: piece.latency.count / seconds,
      latency: piece.latency.figures(),
      unexpected: piece.unexpected,
      errors: piece.errors,
    };
    await send({ type: 'segment', index, figures });
  };
  const markTimers = (options.marks ?? []).map((mark, index) =>
    setTimeout(() => void cut(index), mark * 1000),
  );

  const results = await Promise.all(
    instances.map(async ({ connections, rate, amount, delayMs }) => {
      await new Promise((resume) => setTimeout(resume, delayMs));
      let instance!: autocannon.Instance;
      const finished = new Promise<autocannon.Result>((resolve, reject) => {
        instance = autocannon(
          {
            url: origin,
            connections,
            duration: options.duration,
            ...(amount === undefined ? {} : { amount }),
            ...(rate === undefined ? {} : { overallRate: rate, ignoreCoordinatedOmission: true }),
            timeout: options.timeoutSeconds ?? 10,
            // Replaced per connection by setupClient before anything is sent.
            requests: [{ method: 'GET', path: '/' }],
            setupClient,
          },
          (error, result) => (error ? reject(error as Error) : resolve(result)),
        );
      });
      instance.on('reqError', (error: Error) => {
        segment.errors += 1;
        const kind = (error as NodeJS.ErrnoException).code ?? error.message;
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
        const text = `${error.name}: ${error.message}`;
        if (errorSamples.length < 5 && !errorSamples.includes(text)) errorSamples.push(text);
      });
      // With `amount`, autocannon ignores `duration`: stop it there.
      const limit =
        amount === undefined
          ? undefined
          : setTimeout(() => instance.stop(), options.duration * 1000);
      const result = await finished;
      clearTimeout(limit);
      return result;
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  for (const timer of markTimers) clearTimeout(timer);
  if (options.marks) await cut(options.marks.length);

  const requests = total.latency.count;
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  const rated = options.overallRate !== undefined;
  // autocannon notices the end of an `amount` only at its next 1-s sample: not part of the run.
  const seconds =
    options.amount !== undefined && requests > 0 ? (lastAnswer - started) / 1000 : elapsed;
  return {
    requests,
    seconds,
    // Rated instances start up to 1 s apart: add each one's own rate.
    requestsPerSecond: rated
      ? results.reduce((sum, result) => sum + result.requests.total / result.duration, 0)
      : requests / seconds,
    offeredRate: options.overallRate,
    connections: instances.reduce((sum, instance) => sum + instance.connections, 0),
    latency: total.latency.figures(),
    errors,
    timeouts: results.reduce((sum, result) => sum + result.timeouts, 0),
    non2xx: total.non2xx,
    unexpected: total.unexpected,
    failed: errors + total.unexpected,
    statusCounts: total.statuses,
    byLabel: Object.fromEntries(
      [...total.byLabel].map(([label, figures]) => [
        label,
        { latency: figures.latency.figures(), unexpected: figures.unexpected },
      ]),
    ),
    samples,
    errorSamples,
    errorKinds,
    generatorCores: (cpu.user + cpu.system) / 1e6 / elapsed,
  };
}

// One run at a time (runLoad queues them); the bench's exit closes the channel, and this with it.
process.on('message', (options: GeneratorOptions) => {
  void run(options).then(
    (result) => send({ type: 'done', result }),
    (error: unknown) =>
      send({
        type: 'failed',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
