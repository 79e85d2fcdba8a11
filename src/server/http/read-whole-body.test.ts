import { describe, expect, it } from 'vitest';
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
