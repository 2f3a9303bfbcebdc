import type { ContentStore } from '../store/content-store.ts'
import type { DataStore } from '../store/data-store.ts'
import type { SeoPageRow } from '../store/private/seo-pages.ts'
import { editorFinderSteps, issuesOf, seoEntriesSteps, type ReportEntry, type seoEntries } from './seo-report.ts'
import { finish, inSlices, STEP, type Steps } from './slices.ts'

/** `limit`: the worst pages only (the dashboard); `path`: one page (an editor); neither: every page with findings. */
export type SeoQuery = { limit?: number; path?: string }
type Sources = { data: Pick<DataStore, 'seo' | 'db'>; content: Pick<ContentStore, 'read'> }

/** The SEO report of the last stored change, the editors' links, and each query's answer as sent (UTF-8). */
type Kept = {
  version: number
  report: ReturnType<typeof seoEntries>
  blogs: unknown
  projects: unknown
  editorOf: (path: string) => string | null
  bodies: Map<string, Uint8Array<ArrayBuffer>>
}
/** Per database (one per app): tests run several apps in one process. */
const keptOf = new WeakMap<object, Kept>()
/** The preparation running in slices, per database, with the inputs it was started on. */
type Job = { version: number; blogs: unknown; projects: unknown; steps: Steps<Uint8Array<ArrayBuffer>> }
const jobOf = new WeakMap<object, Job>()

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

/** What the answers are made from now: the stored rows' version, the posts and the projects. */
function inputsOf({ data, content }: Sources) {
  return { version: data.seo.version(), blogs: content.read('blogs'), projects: content.read('social-projects') }
}
const sameInputs = (a: Omit<Job, 'steps'>, b: Omit<Job, 'steps'>) =>
  a.version === b.version && a.blogs === b.blogs && a.projects === b.projects

/**
 * The report and the editors' links for the current inputs, each made again only when its own inputs changed (the
 * report when rows were stored, the links when posts or projects changed), in steps.
 */
function* keptSteps(sources: Sources): Steps<Kept> {
  const now = inputsOf(sources)
  const old = keptOf.get(sources.data.db)
  if (old && sameInputs(old, now)) return old
  const report = old?.version === now.version ? old.report : yield* seoEntriesSteps(sources.data.seo.all())
  const editorOf =
    old && old.blogs === now.blogs && old.projects === now.projects
      ? old.editorOf
      : yield* editorFinderSteps(now.blogs, now.projects)
  const kept: Kept = { ...now, report, editorOf, bodies: new Map() }
  keptOf.set(sources.data.db, kept)
  return kept
}

/** One query's answer, in steps: the kept bytes of each page put together. */
function* answerSteps(sources: Sources, query: SeoQuery): Steps<Uint8Array<ArrayBuffer>> {
  const kept = yield* keptSteps(sources)
  const id = idOf(query)
  const made = kept.bodies.get(id)
  if (made !== undefined) return made
  const { report, editorOf } = kept
  const { limit, path } = query
  const chosen =
    path !== undefined
      ? report.entries.filter((e) => e.row.path === path)
      : report.entries.slice(0, limit ?? report.entries.length)
  const head = JSON.stringify({
    success: true,
    data: { checkedAt: report.checkedAt, checkedPages: report.checkedPages, total: report.entries.length },
  })
  // The same JSON as one stringify of the whole answer, put together from the kept bytes of each page.
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, -2)},"pages":[`)]
  for (const [i, e] of chosen.entries()) {
    if (i > 0) parts.push(COMMA)
    parts.push(pageText(e, editorOf(e.row.path)))
    if (i % STEP === STEP - 1) yield
  }
  parts.push(Buffer.from(']}}'))
  const body = yield* concatSteps(parts)
  // Editors ask for their own page: only the lists (and a few pages) are kept.
  if (kept.bodies.size > 20) kept.bodies.clear()
  kept.bodies.set(id, body)
  return body
}

/** `Buffer.concat` in steps (the full list is megabytes at 100,000 pages). */
function* concatSteps(parts: readonly Buffer[]): Steps<Uint8Array<ArrayBuffer>> {
  let size = 0
  for (const part of parts) size += part.byteLength
  // Not zeroed first (~20 MB at 100,000 pages): every byte is written below.
  const whole = Buffer.allocUnsafe(size)
  const out = new Uint8Array(whole.buffer, whole.byteOffset, size) as Uint8Array<ArrayBuffer>
  let at = 0
  for (const [i, part] of parts.entries()) {
    out.set(part, at)
    at += part.byteLength
    if (i % (8 * STEP) === 8 * STEP - 1) yield
  }
  return out
}

/**
 * The JSON of `GET /api/admin/seo` for a query. The report changes only when a publish's checks are stored, the
 * editors' links when posts or projects do: each is computed once per change, and each answer once per change and
 * query (10,000 pages). A preparation running in slices for the same inputs is finished first, not done twice.
 */
export function seoAnswer(sources: Sources, query: SeoQuery): Uint8Array<ArrayBuffer> {
  const job = jobOf.get(sources.data.db)
  if (job) {
    jobOf.delete(sources.data.db)
    if (sameInputs(job, inputsOf(sources))) finish(job.steps)
  }
  return finish(answerSteps(sources, query))
}

/**
 * Makes the report and the full list's answer once a publish's checks are stored (the recorder calls it), so the
 * first read after a publish, the dashboard's card as much as the full list, finds them made. In slices of ~2 ms
 * (~200 ms of work at 100,000 pages): page requests arriving meanwhile wait a slice, not the whole. Stops when
 * the inputs change before it is done (a newer publish prepares again); resolves once done or stopped.
 */
export async function prepareSeoAnswers(sources: Sources): Promise<void> {
  const db = sources.data.db
  const job: Job = { ...inputsOf(sources), steps: answerSteps(sources, {}) }
  jobOf.set(db, job)
  try {
    await inSlices(job.steps, () => jobOf.get(db) === job && sameInputs(job, inputsOf(sources)))
  } finally {
    if (jobOf.get(db) === job) jobOf.delete(db)
  }
}

/** The answer already made for a query, if any (tests: what a publish prepared before any read). */
export function preparedSeoAnswer({ data }: Pick<Sources, 'data'>, query: SeoQuery) {
  const kept = keptOf.get(data.db)
  return kept?.version === data.seo.version() ? kept.bodies.get(idOf(query)) : undefined
}
