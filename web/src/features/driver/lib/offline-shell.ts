// The driver's page keeps working without a network: a small service worker (public/driver-sw.js)
// answers the page's own address from its cache when the network is gone, and keeps the app's files
// (each is fetched once, under a content hash). Registered by this page only, for its own address:
// the customer's pages are not touched.
//
// The page may have been opened at another address and routed here in the browser (after the login),
// so the worker may not control it now (`navigator.serviceWorker.ready` never settles for it); the
// worker is told directly what this page loaded, and the next visit, online or not, goes through it.

/** The registration's worker once it is active. */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  if (registration.active) return Promise.resolve(registration.active);
  const pending = registration.installing ?? registration.waiting;
  return new Promise((resolve, reject) => {
    if (!pending) {
      reject(new Error('no worker'));
      return;
    }
    pending.addEventListener('statechange', () => {
      if (pending.state === 'activated') resolve(pending);
      if (pending.state === 'redundant') reject(new Error('the worker was replaced'));
    });
  });
}

export function keepPageOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  const scope = window.location.pathname;
  navigator.serviceWorker
    .register('/driver-sw.js', { scope })
    .then(activeWorker)
    .then((worker) => {
      // What this page loaded: its address and its files.
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname);
      worker.postMessage({ type: 'cache', urls: [scope, ...files] });
    })
    .catch(() => undefined);
}
