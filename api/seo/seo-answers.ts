import type { ContentStore } from '../store/content-store.ts'
import type { DataStore } from '../store/data-store.ts'
import type { SeoAnswerFile } from '../store/private/seo-pages.ts'
import { fullListSteps, headOf, pageJson, TAIL } from './seo-full-list.ts'
import { editorFinderSteps, seoEntriesSteps, type SeoEntries } from './seo-report.ts'
import { finish, inSlices, type Steps } from './slices.ts'

/** `limit`: the worst pages only (the dashboard); `path`: one page (an editor); neither: every page with findings. */
export type SeoQuery = { limit?: number; path?: string }
type Sources = { data: Pick<DataStore, 'seo' | 'db'>; content: Pick<ContentStore, 'read'> }
/** An answer as sent (UTF-8): bytes in memory (a part of the list), or a file streamed (the full list). */
export type SeoAnswer = Uint8Array<ArrayBuffer> | SeoAnswerFile

/**
 * The SEO report of the last stored change, the editors' links, the full list's answer in a file of the data folder,
 * and the small answers (the dashboard's card, an editor's page) in memory (decision 343).
 */
type Kept = {
  version: number
  report: SeoEntries
  blogs: unknown
  projects: unknown
  editorOf: (path: string) => string | null
  full: SeoAnswerFile | undefined
  bodies: Map<string, Uint8Array<ArrayBuffer>>
}
/** Per database (one per app): tests run several apps in one process. */
const keptOf = new WeakMap<object, Kept>()
/** The preparation running in slices, per database, with the inputs it was started on. */
type Job = { version: number; blogs: unknown; projects: unknown; steps: Steps<unknown> }
const jobOf = new WeakMap<object, Job>()

/** A small answer larger than this (a `limit` close to the whole list) is made for its read and not kept. */
const KEEP_BYTES = 1 << 20

const idOf = ({ limit, path }: SeoQuery) => (path === undefined ? `limit:${limit ?? ''}` : `path:${path}`)
/** The full list: no query, or a `limit` of at least the listed pages (the same JSON). */
const isWhole = ({ limit, path }: SeoQuery, report: SeoEntries) =>
  path === undefined && (limit === undefined || limit >= report.order.length)
/** What the answers are made from now: the stored rows' version, the posts and the projects. */
function inputsOf({ data, content }: Sources) {
  return {
    version: data.seo.version(),
    blogs: content.read('blogs'),
    projects: content.read('social-projects'),
  }
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
  const report =
    old?.version === now.version ? old.report : yield* seoEntriesSteps(sources.data.seo.summaries())
  const editorOf =
    old && old.blogs === now.blogs && old.projects === now.projects
      ? old.editorOf
      : yield* editorFinderSteps(now.blogs, now.projects)
  const kept: Kept = { ...now, report, editorOf, full: undefined, bodies: new Map() }
  keptOf.set(sources.data.db, kept)
  return kept
}

/** One query's answer, in steps. */
function* answerSteps(sources: Sources, query: SeoQuery): Steps<SeoAnswer> {
  const kept = yield* keptSteps(sources)
  const { report, editorOf } = kept
  if (isWhole(query, report)) return (kept.full ??= yield* fullListSteps(sources.data.seo, report, editorOf))
  const id = idOf(query)
  const made = kept.bodies.get(id)
  if (made !== undefined) return made
  const { limit, path } = query
  const chosen =
    path !== undefined
      ? report.order.filter((i) => report.pages[i]!.path === path)
      : report.order.subarray(0, limit)
  const parts = [headOf(report)]
  for (const [k, i] of chosen.entries()) {
    if (k > 0) parts.push(',')
    const listed = report.pages[i]!.path
    const stored = sources.data.seo.texts(listed)
    // The rows of the report's version: a save changes the version, and a report of another version is not read.
    if (!stored) throw new Error(`SEO report out of date: ${listed} is not stored`)
    parts.push(pageJson(report, i, editorOf(listed), stored))
  }
  parts.push(TAIL)
  const body = Buffer.from(parts.join('')) as Uint8Array<ArrayBuffer>
  // Editors ask for their own page: only the card and a few pages are kept, and none of megabytes.
  if (kept.bodies.size > 20) kept.bodies.clear()
  if (body.byteLength <= KEEP_BYTES) kept.bodies.set(id, body)
  return body
}

/**
 * The JSON of `GET /api/admin/seo` for a query. The report changes only when a publish's checks are stored, the
 * editors' links when posts or projects do: each is computed once per change, and each answer once per change and
 * query (10,000 pages). A preparation running in slices for the same inputs is not done twice: a read of the full
 * list finishes it, a read of a part only its report.
 */
export function seoAnswer(sources: Sources, query: SeoQuery): SeoAnswer {
  const db = sources.data.db
  const job = jobOf.get(db)
  if (job && !sameInputs(job, inputsOf(sources))) {
    jobOf.delete(db)
    job.steps.return(undefined as never)
  } else if (job) {
    // The report is made first: the card or one page does not wait for the full list, which goes on in slices.
    while (!currentKept(sources) && !job.steps.next().done);
    const kept = currentKept(sources)
    if (!kept || isWhole(query, kept.report)) {
      jobOf.delete(db)
      finish(job.steps)
    }
  }
  return finish(answerSteps(sources, query))
}
const currentKept = (sources: Sources) => {
  const kept = keptOf.get(sources.data.db)
  return kept && sameInputs(kept, inputsOf(sources)) ? kept : undefined
}

/**
 * Makes the report and the editors' links once a publish's checks are stored (the recorder calls it), so the first
 * read after a publish (the dashboard's card, an editor's page) finds them made. In slices of ~2 ms (~200 ms of work
 * at 100,000 pages): page requests arriving meanwhile wait a slice, not the whole. Stops when the inputs change
 * before it is done (a newer publish prepares again); resolves once done or stopped. The full list's file is not
 * made here but at its first read after a change: written after every save, it was ~4 MB a save at 10,000 pages
 * and 40 MB at 100,000 (issue 33 point 1 counts a save's writes).
 */
export async function prepareSeoAnswers(sources: Sources): Promise<void> {
  const db = sources.data.db
  const job: Job = { ...inputsOf(sources), steps: keptSteps(sources) }
  jobOf.set(db, job)
  try {
    await inSlices(job.steps, () => jobOf.get(db) === job && sameInputs(job, inputsOf(sources)))
  } finally {
    if (jobOf.get(db) === job) jobOf.delete(db)
  }
}

/** Whether the report for the current inputs is made (tests: what a publish prepared before any read). */
export const hasPreparedReport = (sources: Sources): boolean => currentKept(sources) !== undefined

/** The answer already made for a query, if any (tests: what a read made and kept). */
export function preparedSeoAnswer({ data }: Pick<Sources, 'data'>, query: SeoQuery): SeoAnswer | undefined {
  const kept = keptOf.get(data.db)
  if (kept?.version !== data.seo.version()) return undefined
  return isWhole(query, kept.report) ? kept.full : kept.bodies.get(idOf(query))
}
