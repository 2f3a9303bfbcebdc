import { AsyncLocalStorage } from 'node:async_hooks'
import type { Context, Next } from 'hono'

const scope = new AsyncLocalStorage<{ seq: number | null }>()

/** Records the publish number a content write got, for the request that made the write. */
export function notePublish(seq: number | void): void {
  const store = scope.getStore()
  if (store && typeof seq === 'number') store.seq = Math.max(store.seq ?? 0, seq)
}

/**
 * Runs a request so that its content writes are tracked; a request that changed content answers with
 * `X-Publish: <n>`, the number of the publish that makes it live (GET /api/admin/build's generation reaches it).
 */
export async function publishScope(c: Context, next: Next): Promise<void> {
  const store = { seq: null as number | null }
  await scope.run(store, next)
  if (store.seq !== null) c.res.headers.set('x-publish', String(store.seq))
}
