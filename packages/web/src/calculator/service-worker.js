// The calculator page's service worker: the build (sw-plugin.ts) writes the page's own
// files into PRECACHE and a VERSION that changes with them. Install fetches them all;
// each is then answered from the cache first (hashed assets never change; calc.html and
// the manifest change only with a new VERSION, which a new worker brings). Any other
// request (the game client, /api) goes to the network untouched.
const VERSION = __VERSION__;
const PRECACHE = __PRECACHE__;
const CACHE = `stavka-calculator-${VERSION}`;

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
          keys.filter((k) => k.startsWith('stavka-calculator-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !PRECACHE.includes(url.pathname)) return;
  // calc.html?game=...: one cached page whatever the calculation in its query.
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(url.pathname))
      .then((hit) => hit ?? fetch(request)),
  );
});
