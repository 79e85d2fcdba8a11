/**
 * Reads a request's body whole before the API sees it, so an oversized body is read (and thrown
 * away) to its end and the 413 reaches the client: answering while the client is still sending
 * makes Node close the socket, and Node's fetch and http clients then report a reset instead of
 * the answer. Past `drainCap` the rest is not read; that answer asks to close the connection.
 */
export async function readWholeBody(
  request: Request,
  maxBytes: number,
  drainCap: number,
): Promise<Request | { tooLarge: true; drained: boolean }> {
  // Headers first: touching `body` makes the node adapter build a full Request, which a GET
  // (the most of the traffic) never needs.
  const length = request.headers.get('content-length');
  if ((length === null || length === '0') && !request.headers.has('transfer-encoding')) {
    return request;
  }
  if (!request.body) return request;
  const declared = Number(length);
  if (Number.isFinite(declared) && declared > drainCap) {
    return { tooLarge: true, drained: false };
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > drainCap) {
      await reader.cancel();
      return { tooLarge: true, drained: false };
    }
    if (total <= maxBytes) chunks.push(value);
  }
  if (total > maxBytes) return { tooLarge: true, drained: true };
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
  });
}
