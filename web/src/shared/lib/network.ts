// Prefetching pages costs data; skip it on slow or metered connections
// (docs/web.md, 'Prefetching spares slow connections').

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** False when the browser reports data saving or a 2G (or slower) connection. */
export function canPrefetch(nav: Navigator | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  const connection = (nav as { connection?: NetworkInformationLike } | undefined)?.connection;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

/** Runs `task` when the browser is idle (or soon, where there is no idle callback). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 1_000);
  return () => window.clearTimeout(handle);
}
