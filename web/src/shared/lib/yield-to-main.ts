// Lets the browser run other work (input, rendering) before the caller continues: the end of one
// main-thread task and the start of another. On a phone a long task blocks taps and scrolling; a
// start-up split into a few short tasks does not.

interface SchedulerLike {
  yield?: () => Promise<void>;
}

/** Resolves in a new task (`scheduler.yield()` where the browser has it, else a 0 ms timeout). */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerLike }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
