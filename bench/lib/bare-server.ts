/**
 * The baseline for API throughput: a bare `node:http` server that answers every request with
 * bytes recorded from the real server (status, headers and body, per accept-encoding), so the
 * difference between the two is only what the app does per request. Run as its own process, like
 * the real server: `node --import tsx bench/lib/bare-server.ts <recording.json> <port>`.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}
/** Keyed by the accept-encoding the client sends ('' for none). */
export type Recording = Record<string, RecordedResponse>;

const [file, port] = process.argv.slice(2);
if (file && port) {
  const recording = JSON.parse(readFileSync(file, 'utf8')) as Recording;
  const answers = new Map(
    Object.entries(recording).map(([encoding, { status, headers, bodyBase64 }]) => [
      encoding,
      { status, headers, body: Buffer.from(bodyBase64, 'base64') },
    ]),
  );
  const server = createServer((request, response) => {
    const answer = answers.get(request.headers['accept-encoding'] ?? '') ?? answers.get('')!;
    response.writeHead(answer.status, answer.headers);
    response.end(answer.body);
  });
  // node:http with its defaults, as @hono/node-server creates it.
  server.listen(Number(port), '127.0.0.1', () => console.log(`bare server on ${port}`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
