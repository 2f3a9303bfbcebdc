// A full publish's renders, in a process of their own (full-render.ts starts it): rendering every page of a large
// site grows a process's heap for good, and would hold the server's thread for seconds. Reads a job file,
// writes every page into the export folder, and writes what it rendered to the job's result file.
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic, type PageRecord } from './export-folder.ts'
import { renderSitePage } from './page-render.ts'
import { loadSiteBundle, pageFile, type SitePage } from './site-bundle.ts'

/** What the server asks of the child (full-render.ts writes it). */
export type FullRenderJob = {
  codeDir: string
  stamp: string
  /** The new export folder (its client files are already in it). */
  folder: string
  siteUrl: string
  /** The content to render: a snapshot of the server's content in memory. */
  contentDir: string
  pages: SitePage[]
  /** The publish's clock (ms): the child renders the same moment as the server (scheduled items). */
  now?: number
  /**
   * Where the child writes `{ records: { path: record }, failed: { path: message } }` once every page is written
   * (a page whose render throws is left out and named: the others still publish), or `{ error }`.
   */
  resultFile: string
}

const job = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as FullRenderJob
try {
  const bundle = await loadSiteBundle(job.codeDir, job.stamp)
  const scope = { contentDir: job.contentDir, version: 1, now: job.now }
  const records: Record<string, PageRecord> = {}
  const failed: Record<string, string> = {}
  for (const page of job.pages) {
    let r
    try {
      r = await renderSitePage(bundle, page, scope, job.siteUrl)
    } catch (err) {
      failed[page.path] = err instanceof Error ? err.message : String(err)
      continue
    }
    await writeFileAtomic(join(job.folder, pageFile(page.path)), r.body)
    records[page.path] = r.record
  }
  await writeFile(job.resultFile, JSON.stringify({ records, failed }))
} catch (err) {
  // The server reports the message as the publish's error, as for a render in its own process.
  await writeFile(job.resultFile, JSON.stringify({ error: err instanceof Error ? err.message : String(err) }))
  process.exitCode = 1
}
