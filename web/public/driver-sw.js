// The driver's page without a network (registered by it only, for its own address: the customer's
// pages are never controlled by this worker).
// - The page's address: from the network when it answers (kept for later), else the kept copy.
// - The app's files under /assets/: named by their content, so a kept copy is always right; kept as
//   fetched, and the page hands over the ones it loaded before the worker was there.
// Everything else (the API included) goes to the network as usual: the page keeps its own data.
const CACHE = 'nisko-bus-driver-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const { type, urls } = event.data ?? {};
  if (type !== 'cache' || !Array.isArray(urls)) return;
  event.waitUntil(
    caches.open(CACHE).then((cache) => Promise.all(urls.map((url) => cache.add(url).catch(() => undefined)))),
  );
});

function keep(request, response) {
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => keep(url.pathname, response))
        .catch(() => caches.match(url.pathname).then((kept) => kept ?? Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(caches.match(request).then((kept) => kept ?? fetch(request).then((response) => keep(request, response))));
  }
});
