/* CodeTube's service worker: caches the app shell so the app opens offline after one visit.
   The build (vite.config.ts, pwaPlugin) writes the list of files and a version into this
   template as /sw.js. In mock mode the API runs in the page, so the whole app works offline. */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `codetube-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('codetube-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // Only this origin's GETs; the API (server mode) always goes to the network.
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return;

  if (request.mode === 'navigate') {
    // Network first, so a new release shows at once; the cached shell when offline.
    event.respondWith(
      fetch(request).catch(() =>
        caches.match('/index.html').then((cached) => cached ?? Response.error()),
      ),
    );
    return;
  }
  // Hashed assets never change: the cache answers, the network fills gaps.
  event.respondWith(caches.match(request).then((cached) => cached ?? fetch(request)));
});
