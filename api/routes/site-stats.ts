import { Hono } from 'hono'
import { z } from 'zod'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { daysBefore, istanbulDay } from '../lib/istanbul-day.ts'
import { validate } from '../middleware/validate.ts'
import { editorFinder, issuesOf, seoEntries, type ReportEntry } from '../seo/seo-report.ts'
import type { SeoPageRow } from '../store/private/seo-pages.ts'
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
/** The SEO report of the last stored change, and each query's answer as sent (UTF-8), until it changes. */
let seoCache: {
  version: number
  db: unknown
  report: ReturnType<typeof seoEntries>
  blogs?: unknown
  projects?: unknown
  bodies: Map<string, Uint8Array<ArrayBuffer>>
} | null = null
/**
 * Each listed page's JSON, kept per stored row (a publish replaces only the rows of the pages it rendered) with what
 * it was made from: a publish of one page makes one page's text again, not 10,000.
 */
const pageTexts = new WeakMap<
  SeoPageRow,
  { titleTwins: number; descriptionTwins: number; edit: string | null; bytes: Buffer }
>()
function pageText(e: ReportEntry, edit: string | null): Buffer {
  const kept = pageTexts.get(e.row)
  if (
    kept &&
    kept.titleTwins === e.titleTwins &&
    kept.descriptionTwins === e.descriptionTwins &&
    kept.edit === edit
  )
    return kept.bytes
  // As UTF-8 at once: the answer is these bytes put together, never one 4 MB string encoded again.
  const bytes = Buffer.from(
    JSON.stringify({ path: e.row.path, title: e.row.title, edit, issues: issuesOf(e) }),
  )
  pageTexts.set(e.row, { titleTwins: e.titleTwins, descriptionTwins: e.descriptionTwins, edit, bytes })
  return bytes
}
const COMMA = Buffer.from(',')

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
    // The report changes only when a publish's checks are stored, the editors' links when posts or projects do:
    // the report is computed once per change, and each answer's JSON once per change and query (10,000 pages).
    const version = data.seo.version()
    const blogs = content.read('blogs')
    const projects = content.read('social-projects')
    if (!seoCache || seoCache.version !== version || seoCache.db !== data.db)
      seoCache = { version, db: data.db, report: seoEntries(data.seo.all()), bodies: new Map() }
    const { report } = seoCache
    if (seoCache.blogs !== blogs || seoCache.projects !== projects)
      Object.assign(seoCache, { blogs, projects, bodies: new Map() })
    const id = path === undefined ? `limit:${limit ?? ''}` : `path:${path}`
    let body = seoCache.bodies.get(id)
    if (body === undefined) {
      const chosen =
        path !== undefined
          ? report.entries.filter((e) => e.row.path === path)
          : report.entries.slice(0, limit ?? report.entries.length)
      const editorOf = editorFinder(blogs, projects)
      const head = JSON.stringify({
        success: true,
        data: {
          checkedAt: report.checkedAt,
          checkedPages: report.checkedPages,
          total: report.entries.length,
        },
      })
      // The same JSON as one stringify of the whole answer, put together from the kept bytes of each page.
      const parts: Buffer[] = [Buffer.from(`${head.slice(0, -2)},"pages":[`)]
      for (const [i, e] of chosen.entries()) {
        if (i > 0) parts.push(COMMA)
        parts.push(pageText(e, editorOf(e.row.path)))
      }
      parts.push(Buffer.from(']}}'))
      const joined = Buffer.concat(parts)
      body = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength) as Uint8Array<ArrayBuffer>
      // Editors ask for their own page: only the lists (and a few pages) are kept.
      if (seoCache.bodies.size > 20) seoCache.bodies.clear()
      seoCache.bodies.set(id, body)
    }
    return c.body(body, 200, { 'content-type': 'application/json; charset=utf-8' })
  })
