import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createServer } from 'node:http';
import { seedVideos } from '../src/api/seed/videos';
import { freePort } from '../src/server/testing/free-port';
import { buildApp } from './lib/build';
import { chromeFlags, chromePath } from './lib/browser';
import { fmt, printGoal, printLine } from './lib/report';
import { startBenchServer } from './lib/server';

const SERVER_PORTS = [3240, 3249] as const;
const BASELINE_PORTS = [3250, 3259] as const;
const GOAL = 0.95;
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/** Lighthouse's default run: the mobile preset (Moto G Power, simulated slow 4G, 4× CPU). */
async function audit(port: number, url: string) {
  const result = await lighthouse(url, {
    port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const metrics = METRICS.map(([id, name]) => `${name} ${lhr.audits[id]?.displayValue ?? '?'}`);
  // Lighthouse's own CPU yardstick: low when the machine is busy, which inflates TBT.
  metrics.push(`benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`);
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    metrics,
    warnings: lhr.runWarnings,
  };
}

/** The same-run baseline: a tiny static page, the best score this machine gives right now. */
async function withBaselinePage<T>(check: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort(...BASELINE_PORTS);
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title>' +
        '<meta name="viewport" content="width=device-width, initial-scale=1"></head>' +
        '<body><h1>Baseline</h1><p>A static page with no script.</p></body></html>',
    );
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  try {
    return await check(`http://127.0.0.1:${port}/`);
  } finally {
    server.close();
  }
}

/**
 * Lighthouse mobile performance of /, /trending and /watch/:id in server mode (the real server
 * on a temp SQLite), with Debian's Chromium. Offline, YouTube's thumbnail and embed hosts do not
 * answer: those requests fail fast instead of loading (see docs/benchmarks.md).
 */
export async function run(): Promise<void> {
  const server = await startBenchServer({ webDir: await buildApp('server'), ports: SERVER_PORTS });
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const baseline = await withBaselinePage((url) => audit(chrome.port, url));
    printLine(
      `baseline static page: score ${fmt(baseline.score)} (${baseline.metrics.join(', ')})`,
    );
    for (const path of ['/', '/trending', `/watch/${seedVideos[0]!._id}`]) {
      const { score, metrics, warnings } = await audit(chrome.port, `${server.url}${path}`);
      printLine(`${path}: ${metrics.join(', ')}`);
      for (const warning of warnings) printLine(`${path}: warning: ${String(warning)}`);
      printGoal(`${path} performance score`, score, GOAL, 'at-least');
      printLine(`${path} vs the baseline page: ratio ${fmt(score / baseline.score)}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
}
