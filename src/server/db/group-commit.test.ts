import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempDir } from '../testing/test-databases';
import { LOG_UNREACHABLE } from './db-errors';
import { fileSync, SharedSync } from './group-commit';

/** A sync whose runs the test finishes by hand, in order. */
function manualSync() {
  const runs: { finish: () => void; fail: (error: Error) => void }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => runs.push({ finish: resolve, fail: reject }));
  return { sync, runs };
}

const tick = () => new Promise((resume) => setTimeout(resume, 0));

/** Whether each promise has settled yet. */
function track(promises: Promise<void>[]) {
  const done = promises.map(() => false);
  promises.forEach(
    (promise, index) =>
      void promise.then(
        () => (done[index] = true),
        () => {},
      ),
  );
  return done;
}

describe('SharedSync', () => {
  it('syncs nothing when nothing changed since the last sync', async () => {
    const { sync, runs } = manualSync();
    const shared = new SharedSync(sync);
    await shared.settle(0);
    expect(runs).toHaveLength(0);
    const first = shared.settle(3);
    await tick();
    runs[0]!.finish();
    await first;
    await shared.settle(3);
    await shared.settle(2);
    expect(runs).toHaveLength(1);
  });

  it('lets callers with changes the running sync covers share it', async () => {
    const { sync, runs } = manualSync();
    const shared = new SharedSync(sync);
    const waiting = [shared.settle(5), shared.settle(4), shared.settle(5)];
    const done = track(waiting);
    await tick();
    expect(runs).toHaveLength(1);
    expect(done).toEqual([false, false, false]);
    runs[0]!.finish();
    await Promise.all(waiting);
    expect(runs).toHaveLength(1);
  });

  it('makes callers with newer changes wait for one more sync, shared by all of them', async () => {
    const { sync, runs } = manualSync();
    const shared = new SharedSync(sync);
    const first = shared.settle(1);
    await tick();
    expect(runs).toHaveLength(1);
    // Committed after the running sync began: it may not cover them.
    const later = [shared.settle(2), shared.settle(7), shared.settle(3)];
    const done = track(later);
    await tick();
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    await tick();
    expect(done).toEqual([false, false, false]);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await Promise.all(later);
    // The second sync covered the highest count its callers had read (7).
    await shared.settle(7);
    expect(runs).toHaveLength(2);
  });

  it('after a failed sync, fails its callers, the queued ones and every later one', async () => {
    const { sync, runs } = manualSync();
    const shared = new SharedSync(sync);
    const done = shared.settle(1);
    await tick();
    runs[0]!.finish();
    await done;
    const failing = shared.settle(2);
    await tick();
    const queued = shared.settle(3);
    runs[1]!.fail(new Error('EIO'));
    await expect(failing).rejects.toThrow(/could not be synced: Error: EIO/);
    await expect(queued).rejects.toThrow(/could not be synced/);
    // Not even changes an earlier sync covered, nor a new sync: the log may have lost frames.
    await expect(shared.settle(1)).rejects.toThrow(/could not be synced/);
    await expect(shared.settle(9)).rejects.toThrow(/could not be synced/);
    expect(runs).toHaveLength(2);
  });

  it('after a sync that could not open the log, fails its callers only and tries again', async () => {
    const { sync, runs } = manualSync();
    const shared = new SharedSync(sync);
    const failing = shared.settle(1);
    await tick();
    runs[0]!.fail(Object.assign(new Error('EACCES'), { code: LOG_UNREACHABLE }));
    await expect(failing).rejects.toMatchObject({ code: LOG_UNREACHABLE });
    // The next sync covers the commit the failed one could not.
    const later = shared.settle(2);
    await tick();
    runs[1]!.finish();
    await later;
    await shared.settle(1);
    expect(runs).toHaveLength(2);
  });
});

describe('fileSync', () => {
  const dir = createTempDir();
  afterAll(() => dir.drop());

  it('syncs an existing file, and treats a file not created yet as nothing to sync', async () => {
    const path = join(dir.path, 'log');
    const log = fileSync(path);
    await log.sync();
    writeFileSync(path, 'frames');
    await log.sync();
    await log.sync();
    await log.close();
  });

  it('reports a failure other than a missing file', async () => {
    const log = fileSync(join(dir.path, 'log', 'inside-a-file'));
    writeFileSync(join(dir.path, 'log'), 'not a folder');
    await expect(log.sync()).rejects.toThrow(/ENOTDIR/);
    await expect(log.sync()).rejects.toMatchObject({ code: LOG_UNREACHABLE });
  });
});
