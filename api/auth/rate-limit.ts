/** Fixed-window counter of attempts per key (address, address + e-mail, account); kept in memory. */
export function createRateLimiter(limit: number, windowMs: number, now: () => Date) {
  const hits = new Map<string, { count: number; resetAt: number }>()
  const live = (key: string, t: number) => {
    const entry = hits.get(key)
    return entry && entry.resetAt > t ? entry : undefined
  }
  const add = (key: string, t: number) => {
    const entry = live(key, t)
    if (entry) entry.count++
    else hits.set(key, { count: 1, resetAt: t + windowMs })
    if (hits.size > 10000) for (const [k, e] of hits) if (e.resetAt <= t) hits.delete(k)
  }
  return {
    /** Attempts allowed per key and window (`take`'s default). */
    limit,
    /**
     * Counts one attempt on every key when all are under `max` and returns true; otherwise counts nothing
     * and returns false. Check and count happen in one step, so parallel requests cannot all pass the check
     * before any of them is counted.
     */
    take(keys: string[], max = limit): boolean {
      const t = now().getTime()
      if (!keys.every((k) => (live(k, t)?.count ?? 0) < max)) return false
      for (const k of keys) add(k, t)
      return true
    },
    /** Counts one attempt on the key with no limit (failures that only slow down, never refuse). */
    note(key: string): void {
      add(key, now().getTime())
    },
    /** Attempts counted on the key in the current window. */
    count(key: string): number {
      return live(key, now().getTime())?.count ?? 0
    },
    /** Gives back an attempt taken on these keys (a login that succeeded). */
    refund(keys: string[]): void {
      const t = now().getTime()
      for (const k of keys) {
        const entry = live(k, t)
        if (entry) entry.count = Math.max(0, entry.count - 1)
      }
    },
    /**
     * How many keys it holds: past 10,000, every ended window is dropped at the next attempt, so addresses sprayed
     * by an attacker cannot grow it without end.
     */
    size: () => hits.size,
    /** Forgets every attempt on these keys. */
    reset(keys: string[]): void {
      for (const k of keys) hits.delete(k)
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
