/**
 * The baseline for API throughput: a bare `node:http` server that answers each recorded request
 * (method, path with query, accept-encoding) with the bytes recorded from the real server: status,
 * headers and body. The difference between the two is then only what the app does per request.
 * Run as its own process, like the real server (recording.ts starts it):
 * `node --import tsx bench/lib/bare-server.ts <recording.json> <port>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}
/** Keyed by `recordingKey(method, path, acceptEncoding)`. */
export type Recording = Record<string, RecordedResponse>;

/** `GET /api/videos gzip`: what the bare server looks an answer up by. */
export const recordingKey = (method: string, path: string, acceptEncoding: string) =>
  `${method} ${path} ${acceptEncoding}`;

const [file, port] = process.argv.slice(2);
if (file && port && process.argv[1]?.endsWith('bare-server.ts')) {
  const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
  const answers = new Map(
    Object.entries(recording).map(([key, { status, headers, bodyBase64 }]) => [
      key,
      { status, headers, body: Buffer.from(bodyBase64, 'base64') },
    ]),
  );
  const server = createServer((request, response) => {
    const key = recordingKey(
      request.method ?? 'GET',
      request.url ?? '/',
      request.headers['accept-encoding'] ?? '',
    );
    const answer = answers.get(key);
    // Request bodies are not read; the recorded ones are GETs.
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  // node:http with its defaults, as @hono/node-server creates it.
  server.listen(Number(port), '127.0.0.1', () => console.log(`bare server on ${port}`));
  process.on('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
