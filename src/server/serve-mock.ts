import { serve } from '@hono/node-server';
import { resolve } from 'node:path';
import { loadStaticSite } from './static-site';

/**
 * `npm run start:mock`: serves the mock-mode build (dist/mock). Its API runs in the page, so this
 * host only serves files; a request that reaches it under /api says so.
 */
const root = resolve(process.argv[2] ?? 'dist/mock');
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
const site = await loadStaticSite(root);

const server = serve({
  hostname: host,
  port,
  fetch: (request) =>
    site(request) ??
    Response.json(
      { errors: ['This is the mock-mode build: its API runs inside the page, not on this host.'] },
      { status: 404 },
    ),
});
console.log(`CodeTube (mock mode) on http://${host}:${port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
