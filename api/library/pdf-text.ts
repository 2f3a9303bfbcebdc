import { Worker } from 'node:worker_threads'
import { log } from '../lib/log.ts'
import { createLimit } from '../media/limit.ts'

/** Longest a PDF's text extraction may take before it is given up (the item stays, searchable by its title). */
const TIME_LIMIT_MS = 60_000
/** The pages read and the characters kept: enough for every guide and manual, bounded for a hostile file. */
const MAX_PAGES = 2000
const MAX_CHARS = 500_000
/** Memory of the extraction thread's heap: a PDF that needs more is left unsearched rather than crash anything. */
const HEAP_MB = 512

// One extraction at a time: each reads its PDF whole, and the machine has few cores.
const oneAtATime = createLimit(1)

/**
 * The text inside a PDF on disk, extracted once at upload with pdf.js on a worker thread (time, page and memory
 * limits); '' when the file has no text layer (a scan) or cannot be read: the item is then found by its title
 * and description only, and the upload still succeeds.
 */
export function extractPdfText(path: string): Promise<string> {
  return oneAtATime(
    () =>
      new Promise<string>((resolve) => {
        const worker = new Worker(new URL('./pdf-text-worker.ts', import.meta.url), {
          workerData: { path, maxChars: MAX_CHARS, maxPages: MAX_PAGES },
          resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
        })
        let settled = false
        const done = (text: string) => {
          if (settled) return
          settled = true
          clearTimeout(timer)
          void worker.terminate()
          resolve(text)
        }
        const timer = setTimeout(() => {
          log.warn({ path }, 'PDF metni süre sınırında çıkarılamadı')
          done('')
        }, TIME_LIMIT_MS)
        worker.on('message', (text: string) => done(typeof text === 'string' ? text : ''))
        worker.on('error', (err) => {
          log.warn({ err: String(err) }, 'PDF metni çıkarılamadı')
          done('')
        })
        worker.on('exit', () => done(''))
      }),
  )
}
