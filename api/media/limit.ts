/**
 * Runs at most `max` of the given tasks at once; the rest wait in order. Image encoding is CPU-bound in libuv's
 * threads: unbounded, a burst of uploads would take every thread and every core at the same time.
 */
export function createLimit(max: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await task()
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}
