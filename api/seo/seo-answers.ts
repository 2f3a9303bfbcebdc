import type { ContentStore } from '../store/content-store.ts'
import type { DataStore } from '../store/data-store.ts'
import type { SeoPageRow } from '../store/private/seo-pages.ts'
import { editorFinder, issuesOf, seoEntries, type ReportEntry } from './seo-report.ts'

/** `limit`: the worst pages only (the dashboard); `path`: one page (an editor); neither: every page with findings. */
export type SeoQuery = { limit?: number; path?: string }
type Sources = { data: Pick<DataStore, 'seo' | 'db'>; content: Pick<ContentStore, 'read'> }

/** The SEO report of the last stored change, and each query's answer as sent (UTF-8), until it changes. */
type Kept = {
  version: number
  report: ReturnType<typeof seoEntries>
  blogs?: unknown
  projects?: unknown
  bodies: Map<string, Uint8Array<ArrayBuffer>>
}
/** Per database (one per app): tests run several apps in one process. */
const keptOf = new WeakMap<object, Kept>()

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
const idOf = ({ limit, path }: SeoQuery) => (path === undefined ? `limit:${limit ?? ''}` : `path:${path}`)

/**
 * The JSON of `GET /api/admin/seo` for a query. The report changes only when a publish's checks are stored, the
 * editors' links when posts or projects do: the report is computed once per change, and each answer once per
 * change and query (10,000 pages). `prepareSeoAnswers` does the first after each publish's checks.
 */
export function seoAnswer({ data, content }: Sources, query: SeoQuery): Uint8Array<ArrayBuffer> {
  const version = data.seo.version()
  const blogs = content.read('blogs')
  const projects = content.read('social-projects')
  let kept = keptOf.get(data.db)
  if (!kept || kept.version !== version) {
    kept = { version, report: seoEntries(data.seo.all()), bodies: new Map() }
    keptOf.set(data.db, kept)
  }
  const { report } = kept
  if (kept.blogs !== blogs || kept.projects !== projects)
    Object.assign(kept, { blogs, projects, bodies: new Map() })
  const id = idOf(query)
  let body = kept.bodies.get(id)
  if (body === undefined) {
    const { limit, path } = query
    const chosen =
      path !== undefined
        ? report.entries.filter((e) => e.row.path === path)
        : report.entries.slice(0, limit ?? report.entries.length)
    const editorOf = editorFinder(blogs, projects)
    const head = JSON.stringify({
      success: true,
      data: { checkedAt: report.checkedAt, checkedPages: report.checkedPages, total: report.entries.length },
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
    if (kept.bodies.size > 20) kept.bodies.clear()
    kept.bodies.set(id, body)
  }
  return body
}

/**
 * Computes the report and the full list's answer once a publish's checks are stored (the recorder calls it), so the
 * first read after a publish, the dashboard's card as much as the full list, finds them made.
 */
export function prepareSeoAnswers(sources: Sources): void {
  seoAnswer(sources, {})
}

/** The answer already made for a query, if any (tests: what a publish prepared before any read). */
export function preparedSeoAnswer({ data }: Pick<Sources, 'data'>, query: SeoQuery) {
  const kept = keptOf.get(data.db)
  return kept?.version === data.seo.version() ? kept.bodies.get(idOf(query)) : undefined
}
