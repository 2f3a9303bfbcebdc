import { createRateLimiter, type RateLimiter } from '../middleware/rate-limit.ts'
import type { Deps } from './app-env.ts'

// One limiter per app instance (keyed by its deps), so each test app and each server start counts afresh.
const limiters = new WeakMap<Deps, Map<string, RateLimiter>>()

/** A named rate limiter that lives as long as the app whose deps are given. */
export function appLimiter(deps: Deps, name: string, limit: number, windowMs: number): RateLimiter {
  let byName = limiters.get(deps)
  if (!byName) limiters.set(deps, (byName = new Map()))
  let limiter = byName.get(name)
  if (!limiter) byName.set(name, (limiter = createRateLimiter(limit, windowMs, deps.now)))
  return limiter
}
