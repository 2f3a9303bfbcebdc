import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { computeStats } from '../entries/stats.ts'

/** Dashboard reads (mounted at /api/admin): statistics, the state of the site rebuild, storage used. */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/stats', async (c) => {
    const stats = await computeStats(c.var.deps.content, c.var.deps.data, c.var.deps.now().getTime())
    // Both readings of the spec: the numbers under data and at the top level.
    return c.json({ success: true, data: stats, ...stats })
  })
  .get('/build', (c) =>
    // `content`: outside edits refused and the state of git commits and pushes (issue 11).
    c.json({ success: true, data: { ...c.var.deps.buildStatus(), content: c.var.deps.content.status() } }),
  )
  .get('/storage', async (c) => {
    const usage = await c.var.deps.files.usage()
    const totalBytes = usage.uploadsBytes + usage.programFilesBytes
    return c.json({ success: true, data: { ...usage, totalBytes, lastSweep: c.var.deps.sweepLog.last } })
  })
