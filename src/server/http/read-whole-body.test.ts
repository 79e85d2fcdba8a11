import { describe, expect, it, vi } from 'vitest';
import { BodyBudget, readWholeBody } from './read-whole-body';

const KB = 1024;

/** A POST whose body sends `bytes` and then, unless `ends`, waits for more (a stalled client). */
function post(bytes: number, ends = true) {
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      end = () => controller.close();
      if (ends) end();
    },
  });
  const request = new Request('http://codetube.test/api/user/notes/x', {
    method: 'POST',
    headers: { 'transfer-encoding': 'chunked' },
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, end: () => end() };
}

describe('the body budget', () => {
  it('refuses a body that would overrun the bytes held for bodies still arriving', async () => {
    const budget = new BodyBudget(100 * KB);
    const stalled = post(60 * KB, false);
    const reading = readWholeBody(stalled.request, 1024 * KB, 16 * 1024 * KB, budget);
    await new Promise((tick) => setTimeout(tick, 10));
    expect(budget.held).toBe(60 * KB);

    const refused = await readWholeBody(post(50 * KB).request, 1024 * KB, 16 * 1024 * KB, budget);
    expect(refused).toEqual({ busy: true });
    expect(budget.held).toBe(60 * KB);

    // Once the stalled body is whole, its bytes are the request's, and the budget is free again.
    stalled.end();
    const read = await reading;
    expect(read).toBeInstanceOf(Request);
    expect((await (read as Request).arrayBuffer()).byteLength).toBe(60 * KB);
    expect(budget.held).toBe(0);
    const next = await readWholeBody(post(50 * KB).request, 1024 * KB, 16 * 1024 * KB, budget);
    expect(next).toBeInstanceOf(Request);
  });

  it('holds nothing for a body too large for the API, which is drained, not kept', async () => {
    const budget = new BodyBudget(100 * KB);
    const result = await readWholeBody(post(200 * KB).request, 150 * KB, 1024 * KB, budget);
    expect(result).toEqual({ tooLarge: true, drained: true });
    expect(budget.held).toBe(0);
  });
});

describe("an address's share of the body budget", () => {
  it('refuses a body from an address that holds its share, while other addresses are read', async () => {
    const budget = new BodyBudget(100 * KB, 40 * KB);
    const read = (bytes: number, address: string, ends = true) =>
      readWholeBody(post(bytes, ends).request, 1024 * KB, 16 * 1024 * KB, budget, { address });
    const stalled = post(30 * KB, false);
    const reading = readWholeBody(stalled.request, 1024 * KB, 16 * 1024 * KB, budget, {
      address: '10.0.0.1',
    });
    await new Promise((tick) => setTimeout(tick, 10));
    expect(budget.heldBy('10.0.0.1')).toBe(30 * KB);

    // 30 KB held and 20 KB more would pass its 40 KB share: refused, though the budget has room.
    expect(await read(20 * KB, '10.0.0.1')).toEqual({ busy: true });
    expect(budget.heldBy('10.0.0.1')).toBe(30 * KB);
    expect(await read(35 * KB, '10.0.0.2')).toBeInstanceOf(Request);
    expect(await read(5 * KB, '10.0.0.1')).toBeInstanceOf(Request);

    stalled.end();
    expect(await reading).toBeInstanceOf(Request);
    expect([budget.held, budget.heldBy('10.0.0.1')]).toEqual([0, 0]);
  });
});

describe('bodies stalled from many addresses', () => {
  it('are given up, longest stalled first, to make room for a body that arrives', async () => {
    // No wait for staleness here: any body with no bytes since it was last read may go.
    const budget = new BodyBudget(100 * KB, 60 * KB, 0);
    const stall = (address: string) =>
      readWholeBody(post(30 * KB, false).request, 1024 * KB, 16 * 1024 * KB, budget, { address });
    const first = stall('10.0.0.1');
    await vi.waitFor(() => expect(budget.held).toBe(30 * KB));
    const second = stall('10.0.0.2');
    await vi.waitFor(() => expect(budget.held).toBe(60 * KB));
    const third = stall('10.0.0.3');
    await vi.waitFor(() => expect(budget.held).toBe(90 * KB));

    // A login of 50 KB from a fourth address: the two oldest stalled bodies make room.
    const login = await readWholeBody(post(50 * KB).request, 1024 * KB, 16 * 1024 * KB, budget, {
      address: '10.0.0.4',
    });
    expect(login).toBeInstanceOf(Request);
    expect(await first).toEqual({ timedOut: true });
    expect(await second).toEqual({ timedOut: true });
    expect([budget.heldBy('10.0.0.1'), budget.heldBy('10.0.0.2')]).toEqual([0, 0]);
    expect(budget.held).toBe(30 * KB);
    void third;
  });

  it('that still arrive are not given up: the new body is refused instead', async () => {
    const budget = new BodyBudget(100 * KB, 100 * KB, 60_000);
    const held = readWholeBody(post(90 * KB, false).request, 1024 * KB, 16 * 1024 * KB, budget);
    await vi.waitFor(() => expect(budget.held).toBe(90 * KB));
    const refused = await readWholeBody(post(50 * KB).request, 1024 * KB, 16 * 1024 * KB, budget);
    expect(refused).toEqual({ busy: true });
    expect(budget.held).toBe(90 * KB);
    void held;
  });
});

describe('a body that stops arriving', () => {
  it('is given up after the idle timeout, and its bytes go back to the budget', async () => {
    const budget = new BodyBudget(100 * KB, 40 * KB);
    const stalled = post(30 * KB, false);
    const result = await readWholeBody(stalled.request, 1024 * KB, 16 * 1024 * KB, budget, {
      address: '10.0.0.1',
      idleMs: 20,
    });
    expect(result).toEqual({ timedOut: true });
    expect([budget.held, budget.heldBy('10.0.0.1')]).toEqual([0, 0]);
  });

  it('is given up at the whole-body deadline even while bytes keep trickling in', async () => {
    const budget = new BodyBudget(100 * KB);
    let timer: NodeJS.Timeout | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // A byte every 5 ms: never idle for the 1 s idle timeout, and never done.
        timer = setInterval(() => controller.enqueue(new Uint8Array(1)), 5);
      },
      cancel: () => clearInterval(timer),
    });
    const request = new Request('http://codetube.test/api/user/notes/x', {
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked' },
      body,
      duplex: 'half',
    } as RequestInit);
    try {
      const result = await readWholeBody(request, 1024 * KB, 16 * 1024 * KB, budget, {
        idleMs: 1_000,
        wholeMs: 50,
      });
      expect(result).toEqual({ timedOut: true });
      expect(budget.held).toBe(0);
    } finally {
      clearInterval(timer);
    }
  });
});
