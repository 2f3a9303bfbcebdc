/** Fixed-window counter of failed attempts per key (address, e-mail); kept in memory. */
export function createRateLimiter(limit: number, windowMs: number, now: () => Date) {
  const hits = new Map<string, { count: number; resetAt: number }>()
  return {
    /** True while every key is under the limit. */
    allowed(keys: string[]): boolean {
      const t = now().getTime()
      return keys.every((k) => {
        const entry = hits.get(k)
        return !entry || entry.resetAt <= t || entry.count < limit
      })
    },
    fail(keys: string[]): void {
      const t = now().getTime()
      for (const k of keys) {
        const entry = hits.get(k)
        if (!entry || entry.resetAt <= t) hits.set(k, { count: 1, resetAt: t + windowMs })
        else entry.count++
      }
      if (hits.size > 10000) for (const [k, e] of hits) if (e.resetAt <= t) hits.delete(k)
    },
    reset(keys: string[]): void {
      for (const k of keys) hits.delete(k)
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>
