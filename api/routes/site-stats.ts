import { Hono } from 'hono'
import { z } from 'zod'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { daysBefore, istanbulDay } from '../lib/istanbul-day.ts'
import { validate } from '../middleware/validate.ts'
import { seoAnswer } from '../seo/seo-answers.ts'
import { pageTitles, programTitles } from '../stats/page-titles.ts'

/** Longest period the statistics page asks for: one year (plus a leap day). */
export const MAX_STATS_DAYS = 366

const dailyQuery = z.object({
  days: z.coerce
    .number({ error: msg.statsDaysInvalid })
    .int({ error: msg.statsDaysInvalid })
    .min(1, { error: msg.statsDaysInvalid })
    .max(MAX_STATS_DAYS, { error: msg.statsDaysInvalid })
    .default(30),
})

/** `limit`: the worst pages only (the dashboard); `path`: one page (an editor). */
const seoQuery = z.object({
  limit: z.coerce.number({ error: msg.invalidBody }).int().min(1).max(100_000).optional(),
  path: z.string().max(2000).optional(),
})
/** The admin's statistics and SEO advice (mounted at /api/admin): daily figures of the last `days` Istanbul days, today included. */
export const siteStatsRoutes = new Hono<AppEnv>()
  .get('/stats/daily', validate('query', dailyQuery), async (c) => {
    const { data, content, now } = c.var.deps
    const { days } = c.req.valid('query')
    // Counts still in memory are written first, so the figures match what a restart would show.
    await data.counters.flush()
    const today = istanbulDay(now())
    const dayList = Array.from({ length: days }, (_, i) => daysBefore(today, days - 1 - i))
    const summary = await data.daily.summary(dayList)
    const titleOf = pageTitles(content)
    const programOf = programTitles(content)
    return c.json({
      success: true,
      data: {
        days: summary.days,
        pages: summary.pages.map((p) => ({ path: p.key, title: titleOf(p.key), views: p.count })),
        referrers: summary.referrers.map((r) => ({ domain: r.key, views: r.count })),
        downloads: summary.downloads.map((d) => ({ id: d.key, title: programOf(d.key), downloads: d.count })),
      },
    })
  })
  .get('/seo', validate('query', seoQuery), async (c) => {
    const { data, content, seo } = c.var.deps
    const { limit, path } = c.req.valid('query')
    // Checks of the last publishes still running are waited for: the answer shows the pages as they are live.
    await seo.settled()
    const body = seoAnswer({ data, content }, { limit, path })
    const type = { 'content-type': 'application/json; charset=utf-8' }
    if (body instanceof Uint8Array) return c.body(body, 200, type)
    // The full list, from its file in the data folder (decision 343): streamed, not read into memory.
    return c.body(body.stream(), 200, { ...type, 'content-length': String(body.size) })
  })
