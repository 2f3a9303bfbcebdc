import type { DataStore } from '../store/data-store.ts'
import type { SeoAnswerFile } from '../store/private/seo-pages.ts'
import { duplicateFindings, type SeoEntries } from './seo-report.ts'
import { STEP, type Steps } from './slices.ts'

type Seo = DataStore['seo']
/** A stored page's texts: its title and its findings as stored (`JSON.stringify(findings)`). */
type Texts = { title: string; findings: string }

/** The findings about duplicates as JSON (without brackets) and its UTF-8 size, per pair of counts: few pairs. */
const addedOf = new Map<number, { text: string; bytes: number }>()
function added(titleTwins: number, descriptionTwins: number) {
  const key = titleTwins * 2 ** 21 + descriptionTwins
  let made = addedOf.get(key)
  if (made === undefined) {
    const text = duplicateFindings(titleTwins, descriptionTwins)
      .map((f) => JSON.stringify(f))
      .join(',')
    if (addedOf.size > 10_000) addedOf.clear()
    addedOf.set(key, (made = { text, bytes: Buffer.byteLength(text) }))
  }
  return made
}

/**
 * One listed page's JSON, the same as `JSON.stringify({ path, title, edit, issues })` of the report: the findings'
 * text is the stored one, the findings about duplicates added at its end.
 */
export function pageJson(report: SeoEntries, i: number, edit: string | null, stored: Texts): string {
  let issues = stored.findings
  const more = added(report.titleTwins[i]!, report.descriptionTwins[i]!).text
  if (more) issues = issues === '[]' ? `[${more}]` : `${issues.slice(0, -1)},${more}]`
  const path = JSON.stringify(report.pages[i]!.path)
  return `{"path":${path},"title":${JSON.stringify(stored.title)},"edit":${JSON.stringify(edit)},"issues":${issues}}`
}

const FIXED_BYTES = '{"path":,"title":,"edit":,"issues":}'.length
/** The UTF-8 size of `pageJson`, from the page's summary (its texts' size) without reading its texts. */
function pageBytes(report: SeoEntries, i: number, edit: string | null): number {
  const page = report.pages[i]!
  let n = FIXED_BYTES + Buffer.byteLength(JSON.stringify(page.path)) + page.textBytes
  n += Buffer.byteLength(JSON.stringify(edit))
  const more = added(report.titleTwins[i]!, report.descriptionTwins[i]!).bytes
  // The added findings, and a comma before them unless the stored list was empty.
  if (more) n += more + (page.findings ? 1 : 0)
  return n
}

/** The answer's start, up to its list of pages. */
export function headOf(report: SeoEntries): string {
  const head = JSON.stringify({
    success: true,
    data: { checkedAt: report.checkedAt, checkedPages: report.checkedPages, total: report.order.length },
  })
  return `${head.slice(0, -2)},"pages":[`
}
export const TAIL = ']}}'

/** Bytes written at once: a run of pages that follow each other in the answer. */
const RUN_BYTES = 64 * 1024
/** Pages handled per step (each read from the table, made into JSON and placed). */
const PIECE = STEP / 4

/**
 * The full list written to a file of the data folder (decision 343): at 100,000 pages ~40 MB that are not kept in
 * memory. Each page's place in the file is known from the summaries (its size without reading its texts), so the
 * stored rows are read in one scan of the table, in its order, not one read per page in the answer's order; pages
 * that follow each other in both (a weight's pages come in path order) are written together. A preparation stopped
 * before the end (`return()`) removes its file.
 */
export function* fullListSteps(
  seo: Seo,
  report: SeoEntries,
  editorOf: (path: string) => string | null,
): Steps<SeoAnswerFile> {
  const { order, pages } = report
  const n = order.length
  const head = Buffer.from(headOf(report))
  // Each listed page's rank by its path, and where each rank starts (a comma before all but the first).
  const rankOf = new Map<string, number>()
  const offsets = new Float64Array(n + 1)
  let at = head.byteLength
  for (let k = 0; k < n; k++) {
    const path = pages[order[k]!]!.path
    rankOf.set(path, k)
    offsets[k] = at
    at += (k > 0 ? 1 : 0) + pageBytes(report, order[k]!, editorOf(path))
    if (k % STEP === STEP - 1) yield
  }
  offsets[n] = at
  const out = seo.answers.create()
  let done: SeoAnswerFile | undefined
  try {
    out.writeAt(head, 0)
    /** Runs of texts not written yet, by where they end: the next rank's text extends the run ending at its start. */
    const runs = new Map<number, { start: number; end: number; parts: string[] }>()
    const write = (run: { start: number; end: number; parts: string[] }) => {
      const bytes = Buffer.from(run.parts.join(''))
      // The summaries and the rows are of one stored version (a save stops this before its next step).
      if (bytes.byteLength !== run.end - run.start)
        throw new Error('SEO report out of date: a page differs from its summary')
      out.writeAt(bytes, run.start)
    }
    let placed = 0
    for (const [path, title, findings] of seo.storedTexts()) {
      const k = rankOf.get(path)
      if (k === undefined) continue
      const text = (k > 0 ? ',' : '') + pageJson(report, order[k]!, editorOf(path), { title, findings })
      let run = runs.get(offsets[k]!)
      if (run) runs.delete(run.end)
      else run = { start: offsets[k]!, end: offsets[k]!, parts: [] }
      run.parts.push(text)
      run.end = offsets[k + 1]!
      if (run.end - run.start >= RUN_BYTES) write(run)
      else runs.set(run.end, run)
      // Pages of many weights in the table's order: what is pending stays small.
      if (runs.size > 256) {
        for (const r of runs.values()) write(r)
        runs.clear()
      }
      if (++placed % PIECE === 0) yield
    }
    for (const r of runs.values()) write(r)
    if (placed !== n) throw new Error(`SEO report out of date: ${n - placed} listed pages not stored`)
    out.writeAt(Buffer.from(TAIL), at)
    return (done = out.done())
  } finally {
    if (!done) out.abort()
  }
}
