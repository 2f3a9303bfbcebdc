/**
 * Resolves in a later task of the main thread, so the browser can paint and answer a tap in between: the library's
 * dashboard loads its code, renders the welcome, and renders the lists in three tasks instead of one long one
 * (Lighthouse's total blocking time, issue 31, decision 319). `scheduler.yield()` where the browser has it (the
 * rest of the work keeps its place ahead of other queued tasks), a zero timeout elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
