import { execFile } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { msg } from '#schema/messages.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../node-flags.ts'
import { collectionChunksOnce } from '../store/json-text.ts'
import { shareRecordValues, type PageRecord } from './export-folder.ts'
import { PublishFailure, withinText } from './publish-failure.ts'
import type { FullRenderJob } from './full-render-child.ts'
import { removeTree } from './remove-tree.ts'

/** The content files the site reads (site/src/lib/content.ts, picture.ts). */
const CONTENT_NAMES = ['contact-settings', 'home', 'about', 'references', 'blogs', 'social-projects', 'programs', 'media']

/**
 * Writes the server's content as it is in memory into `dir`, as the files it would save: the child renders
 * exactly what the API holds (an invalid file edited outside the API is refused by the API, not rendered).
 */
export async function snapshotContent(read: (name: string) => unknown, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
  for (const name of CONTENT_NAMES) {
    const data = read(name)
    if (data !== undefined) await writeFile(join(dir, `${name}.json`), collectionChunksOnce(data))
  }
}

type ChildResult = { records?: Record<string, PageRecord>; failed?: Record<string, string>; error?: string }
/** What a child rendered: the pages' records, and the pages whose render threw, with the error. */
export type ChildRender = { records: Map<string, PageRecord>; failed: Map<string, string> }

/** A full render at most this long by default (10,000 posts render in about 25 s on two cores). */
export const FULL_RENDER_TIMEOUT_MS = 10 * 60 * 1000

/**
 * Renders every page of a full publish in a child process (full-render-child.ts); resolves with the records and
 * the pages that failed.
 * A child still running after `timeoutMs` is killed and the publish fails (the next save publishes again).
 */
export async function renderAllInChild(
  job: Omit<FullRenderJob, 'resultFile'>,
  workDir: string,
  timeoutMs = FULL_RENDER_TIMEOUT_MS,
): Promise<ChildRender> {
  await mkdir(workDir, { recursive: true })
  const jobFile = join(workDir, 'job.json')
  const resultFile = join(workDir, 'result.json')
  await writeFile(jobFile, JSON.stringify({ ...job, resultFile }))
  try {
    let timedOut = false
    const crashed = await new Promise<string | null>((resolve) => {
      const script = join(import.meta.dirname, 'full-render-child.ts')
      const child = execFile(
        process.execPath,
        [...SERVER_NODE_FLAGS, script, jobFile],
        { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...SERVER_ENV } },
        (err, _out, stderr) => {
          clearTimeout(timer)
          if (timedOut) resolve(`Tam yayın ${Math.round(timeoutMs / 1000)} saniyede bitmedi, durduruldu`)
          else resolve(err ? stderr.trim() || err.message : null)
        },
      )
      const timer = setTimeout(() => {
        timedOut = true
        // It renders in one thread and starts nothing: killing it ends the render.
        child.kill('SIGKILL')
      }, timeoutMs)
    })
    const result = (await readFile(resultFile, 'utf8').then(JSON.parse, () => null)) as ChildResult | null
    if (timedOut) throw new PublishFailure(crashed!, msg.publishRenderTimedOut(withinText(timeoutMs)))
    if (result?.error !== undefined) throw new Error(result.error)
    if (!result?.records) throw new Error(`Site yayımlanamadı: ${crashed ?? 'sonuç yok'}`)
    return {
      records: shareRecordValues(new Map(Object.entries(result.records))),
      failed: new Map(Object.entries(result.failed ?? {})),
    }
  } finally {
    await removeTree(workDir)
  }
}
