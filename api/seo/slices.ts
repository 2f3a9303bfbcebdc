/**
 * Work done in slices: a computation written as a generator that yields every few hundred steps can be finished at
 * once (`finish`, a reader that needs the answer now) or run in slices of a few milliseconds that give the thread
 * back between them (`inSlices`, work nobody waits for). At 100,000 pages the SEO report is ~200 ms of work: in one
 * piece it made the page requests arriving meanwhile wait that long (issue 33).
 */
export type Steps<T> = Generator<void, T, void>

/** How many elements a step handles before it yields (a few tenths of a millisecond of work). */
export const STEP = 512

/** Runs the steps to the end, now. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
  }
}

/**
 * Runs the steps in slices of about `sliceMs` each, the thread given back between slices (setImmediate: the I/O
 * waiting is served first). `current()` is asked before each slice: false stops the work (its inputs changed; the
 * caller starts again) and ends the generator (`return()`). Resolves with the result, or undefined when stopped.
 */
export function inSlices<T>(steps: Steps<T>, current: () => boolean, sliceMs = 2): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    const slice = () => {
      try {
        if (!current()) {
          // Its `finally` blocks run now (a file being written is removed), not never.
          steps.return(undefined as never)
          return resolve(undefined)
        }
        const until = performance.now() + sliceMs
        do {
          const next = steps.next()
          if (next.done) return resolve(next.value)
        } while (performance.now() < until)
        setImmediate(slice)
      } catch (err) {
        reject(err)
      }
    }
    setImmediate(slice)
  })
}

/**
 * Sorts `items` in place with `compare`, as `items.sort(compare)` would (stable), in steps: runs of STEP elements
 * sorted, then merged two by two.
 */
export function* sortSteps<T>(items: T[], compare: (a: T, b: T) => number): Steps<T[]> {
  const n = items.length
  for (let from = 0; from < n; from += STEP) {
    const run = items.slice(from, from + STEP).sort(compare)
    for (let i = 0; i < run.length; i++) items[from + i] = run[i]!
    yield
  }
  let source = items
  let target: T[] = new Array<T>(n)
  for (let width = STEP; width < n; width *= 2) {
    let done = 0
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(left + width, n)
      const right = Math.min(left + 2 * width, n)
      let i = left
      let j = middle
      let k = left
      while (i < middle && j < right) {
        // Ties take the left run's element first: stable, as Array.prototype.sort is.
        target[k++] = compare(source[j]!, source[i]!) < 0 ? source[j++]! : source[i++]!
        if (++done % STEP === 0) yield
      }
      while (i < middle) target[k++] = source[i++]!
      while (j < right) target[k++] = source[j++]!
    }
    ;[source, target] = [target, source]
    yield
  }
  if (source !== items) for (let i = 0; i < n; i++) items[i] = source[i]!
  return items
}
