import { describe, expect, it } from 'vitest';
import { CATALOGUE_READS_PER_CLIENT, CATALOGUE_WAITING_PER_CLIENT } from '../../contract/limits';
import { createHarness } from '../testing/api-harness';
import { MemoryStore } from '../store/memory-store';
import type { Store, VideoPage, VideoQuery } from '../store/store';

/** A store whose home-grid reads wait at a gate until it opens, and which counts them. */
function gatedStore() {
  const store = new MemoryStore();
  const reads: VideoQuery[] = [];
  let open = true;
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const queryVideos = store.queryVideos.bind(store);
  store.queryVideos = async (query: VideoQuery): Promise<VideoPage> => {
    reads.push(query);
    if (!open) await gate;
    return queryVideos(query);
  };
  return {
    store: store as Store,
    reads,
    close() {
      open = false;
      gate = new Promise<void>((resolve) => (release = resolve));
    },
    open() {
      open = true;
      release();
    },
  };
}

/** Waits for a state, not for a time: yields to the event loop until `done` holds. */
async function until(done: () => boolean) {
  for (let turn = 0; !done(); turn += 1) {
    if (turn > 10_000) throw new Error('the state never came');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

const byTestHeader = (c: { req: { header: (name: string) => string | undefined } }) =>
  c.req.header('x-test-client') ?? 'unknown';

describe('catalogue reads: what one client can make the server do', () => {
  it('answers requests that differ only in parameters the route does not read from one computation', async () => {
    const gated = gatedStore();
    const h = await createHarness(gated.store);
    const before = gated.reads.length;
    const first = await h.call('GET', '/api/videos?search=Learn&j=1');
    const second = await h.call('GET', '/api/videos?j=2&search=Learn');
    const third = await h.call('GET', '/api/videos?search=Learn&search=other&j=3');
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(gated.reads.length - before).toBe(1);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(third.body).toEqual(first.body);
    // A parameter the route reads is still its own answer.
    await h.call('GET', '/api/videos?search=Learn&limit=2');
    expect(gated.reads.length - before).toBe(2);
  });

  it('lets a client have a few catalogue reads computing and a few waiting: the next gets 429, others go on', async () => {
    const gated = gatedStore();
    const h = await createHarness(gated.store, { clientAddress: byTestHeader });
    const from = (client: string, path: string) =>
      h.call('GET', path, { headers: { 'x-test-client': client } });
    // Answered before the reads are held: a kept answer costs nothing and is never refused.
    expect((await from('a', '/api/videos?search=kept')).status).toBe(200);
    gated.close();
    const before = gated.reads.length;
    const running = Array.from({ length: CATALOGUE_READS_PER_CLIENT }, (_, n) =>
      from('a', `/api/videos?search=held${n}`),
    );
    await until(() => gated.reads.length - before === CATALOGUE_READS_PER_CLIENT);
    // The next ones wait for a turn without reading; one past the queue is refused.
    const settled: Awaited<ReturnType<typeof from>>[] = [];
    const waiting = Array.from({ length: CATALOGUE_WAITING_PER_CLIENT + 1 }, (_, n) =>
      from('a', `/api/videos?search=waiting${n}`).then((answer) => {
        settled.push(answer);
        return answer;
      }),
    );
    await until(() => settled.length === 1);
    const refused = settled[0]!;
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.errors).toEqual([expect.stringMatching(/catalogue/)]);
    expect(gated.reads.length - before).toBe(CATALOGUE_READS_PER_CLIENT);
    expect((await from('a', '/api/videos?search=kept')).status).toBe(200);
    // Another client is let in (its read waits at the gate with the others).
    const other = from('b', '/api/videos?search=other');
    await until(() => gated.reads.length - before === CATALOGUE_READS_PER_CLIENT + 1);
    gated.open();
    const answers = await Promise.all([...running, ...waiting, other]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(answers.length - 1);
    // Its reads done, the client has its share again.
    expect((await from('a', '/api/videos?search=fifth')).status).toBe(200);
  });

  it('lets a school behind one address have its searches wait their turn when told to (issue 42 #10)', async () => {
    const gated = gatedStore();
    const h = await createHarness(gated.store, {
      clientAddress: byTestHeader,
      catalogueReadsPerClient: 1,
      catalogueWaitingPerClient: 63,
    });
    gated.close();
    const before = gated.reads.length;
    // 64 pupils search at once from the school's one address.
    const searches = Array.from({ length: 64 }, (_, n) =>
      h.call('GET', `/api/videos?search=pupil${n}`, { headers: { 'x-test-client': 'school' } }),
    );
    await until(() => gated.reads.length - before === 1);
    gated.open();
    const statuses = (await Promise.all(searches)).map((answer) => answer.status);
    expect(statuses).toEqual(Array(64).fill(200));
    expect(gated.reads.length - before).toBe(64);
  });
});
