/**
 * Issue 42, finding 12: one video description of 60,000 spaces made each server render of its
 * watch page take 24 s (patterns quadratic in a run of spaces). Renders the watch page of that
 * video and of the same video with its own description, in the same run, through the built
 * renderer and the page assembly the server uses (src/server/seo): the hostile page's median
 * render against the goal (≤ 50 ms) and against the normal page's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '../src/api/clock';
import { createApi } from '../src/api/create-api';
import { seedIfEmpty } from '../src/api/seed/seed-data';
import { MemoryStore } from '../src/api/store/memory-store';
import { testHasher } from '../src/api/testing/api-harness';
import { withRenderedPage } from '../src/server/seo/seo-answers';
import { loadPageRenderer, pageStyles } from '../src/server/seo/page-renderer';
import { buildApp } from './lib/build';
import { printGoal, printLine, printRatio } from './lib/report';
import { median } from './lib/stats';

const ROUNDS = 7;
const GOAL_MS = 50;
const HOSTILE_DESCRIPTION = `0:00 Intro a${' '.repeat(60_000)}b\n1:00 Next`;

export async function run(): Promise<void> {
  const webDir = await buildApp('server');
  const render = await loadPageRenderer(webDir);
  if (!render) throw new Error(`no page renderer beside ${webDir}`);
  const index = readFileSync(join(webDir, 'index.html'), 'utf8');
  const styles = pageStyles(webDir);

  const store = new MemoryStore();
  await seedIfEmpty(store, testHasher, systemClock(), {});
  const normal = (await store.readCatalogue(undefined, 1)).videos[0];
  if (!normal) throw new Error('the seed has no video');
  const hostile = { ...normal, _id: 'hostileText', description: HOSTILE_DESCRIPTION };
  await store.upsertVideos([hostile]);
  const api = createApi({
    store,
    secret: 'x'.repeat(32),
    passwordHasher: testHasher,
    clock: systemClock,
  });
  const fetchApi = async (request: Request) => api.fetch(request);

  /** One watch page rendered and put in index.html, as the server sends it: its time in ms. */
  const renderWatch = async (id: string, expected: string): Promise<number> => {
    const started = performance.now();
    const page = await render(`/watch/${id}`, fetchApi);
    const html = page && withRenderedPage(index, page, styles);
    const took = performance.now() - started;
    if (!html?.includes(expected)) throw new Error(`/watch/${id} rendered without its description`);
    return took;
  };
  const normalTimes: number[] = [];
  const hostileTimes: number[] = [];
  const hostileText = `a${' '.repeat(60_000)}b`;
  await renderWatch(normal._id, normal.title); // warm-up: the renderer's code compiled
  for (let round = 0; round < ROUNDS; round += 1) {
    normalTimes.push(await renderWatch(normal._id, normal.title));
    hostileTimes.push(await renderWatch(hostile._id, hostileText));
  }
  const normalMs = median(normalTimes);
  const hostileMs = median(hostileTimes);
  printLine(`normal watch page render: median ${normalMs.toFixed(1)} ms (${ROUNDS} rounds)`);
  printGoal(
    '60,000-space description, watch page render (median)',
    hostileMs,
    GOAL_MS,
    'at-most',
    ' ms',
    1,
  );
  printRatio(
    'hostile / normal watch render',
    hostileMs / normalMs,
    `${hostileMs.toFixed(1)} ms / ${normalMs.toFixed(1)} ms, same run`,
  );
}
