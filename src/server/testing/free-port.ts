import { createServer } from 'node:net';

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first port in [first, last] that nothing listens on (127.0.0.1). */
export async function freePort(first: number, last: number): Promise<number> {
  for (let port = first; port <= last; port += 1) {
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${first}-${last}`);
}
