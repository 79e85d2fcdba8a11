import { serve } from '@hono/node-server';
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { loadStaticSite } from '../../src/server/static-site';
import { freePort } from '../../src/server/testing/free-port';

/** Debian's Chromium unless CHROME_PATH says otherwise (no browser is ever downloaded). */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromePath)) {
    throw new Error(`no Chromium at ${chromePath}: apt-get install chromium, or set CHROME_PATH`);
  }
  return chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
}

/**
 * Serves a built app as `npm run start:mock` does (files from memory, index.html for deep
 * links) on a free port of `ports`.
 */
export async function serveBuild(root: string, ports: readonly [number, number]) {
  const site = await loadStaticSite(root);
  const port = await freePort(...ports);
  const server = serve({
    hostname: '127.0.0.1',
    port,
    fetch: (request) => site(request) ?? new Response('Not found', { status: 404 }),
  });
  await new Promise<void>((done) => server.once('listening', () => done()));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
