// After a deployment the chunks a long-open page knows about are gone, and loading one fails. Reloading
// fetches the new index.html and its chunks; a timestamp in sessionStorage makes sure this happens at
// most once a minute (docs/web.md, 'A new version of the app'),
// so a chunk that is really broken cannot cause a reload loop.

export const CHUNK_RELOAD_KEY = 'nisko-bus.chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

/** Whether an error is a failed load of a code chunk (the browsers word it differently). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * Reloads the page unless it already did so in the last minute. Returns whether it reloads, so the
 * caller can show an error page instead when it does not.
 */
export function reloadForChunkError(
  now: number = Date.now(),
  reload: () => void = () => window.location.reload(),
): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    // Storage unavailable (privacy mode): reloading without a guard could loop, so do not.
    return false;
  }
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

/** Vite fires `vite:preloadError` when a chunk's dependencies fail to preload. */
export function installChunkReload(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    if (reloadForChunkError()) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
