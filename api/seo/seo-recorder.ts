import { log } from '../lib/log.ts'
import type { PublishedPages } from '../publish/site-publisher.ts'
import type { SeoPageRow } from '../store/private/seo-pages.ts'
import type { DataStore } from '../store/data-store.ts'
import { checkPage, type CheckContext } from './page-check.ts'

/** Pages with no advice: not for search engines by design (404, maintenance, old contact address, members' area). */
const NOT_ADVISED = new Set(['/404', '/bakim', '/bize-ulasin', '/kutuphane'])
const advised = (path: string) => !NOT_ADVISED.has(path) && !/\.[a-z0-9]+$/i.test(path)

const BATCH = 200

/**
 * Checks the pages of each publish after it went live (never on the publish's own path), one publish at a time,
 * in batches that give the thread back between them: the cost follows what a publish rendered, not the site's
 * size. The first publish seen with nothing stored yet (a site that had no advice before) checks every page once.
 */
export function createSeoRecorder(
  data: Pick<DataStore, 'seo'>,
  imageWidth: (url: string) => number | null,
  now: () => Date,
  /**
   * Called once the queued checks are all stored and no publish came for `quietMs` (the answers are made then, not
   * by the first read; during a burst of saves not after each one: ~30–45 ms a publish at 10,000 pages, issue 33).
   * Saves a second apart are a burst: 2 s.
   */
  afterStored: () => void = () => {},
  quietMs = 2000,
) {
  let chain: Promise<void> = Promise.resolve()
  let queued = 0
  let quiet: NodeJS.Timeout | undefined
  async function check(p: PublishedPages) {
    const ctx: CheckContext = { exists: p.exists, imageWidth }
    const checkedAt = now().toISOString()
    const everything = p.full || data.seo.count() === 0
    const paths = (everything ? p.all() : p.rendered).filter(advised)
    // A whole-site publish also forgets pages the site no longer has (even ones removed while the server was down).
    // (One set for all: a set per stored path was 10,000 × 10,000 steps at 10,000 posts, issue 33.)
    const kept = everything ? new Set(paths) : null
    const removed = kept ? data.seo.paths().filter((path) => !kept.has(path)) : p.removed
    for (let i = 0; i < paths.length || i === 0; i += BATCH) {
      const rows: SeoPageRow[] = []
      for (const path of paths.slice(i, i + BATCH)) {
        const html = await p.read(path).catch(() => null)
        // A page replaced meanwhile by a newer publish: that publish checks it.
        if (html === null) continue
        const facts = checkPage(html, ctx)
        rows.push({
          path,
          title: facts.title,
          description: facts.description,
          findings: facts.findings,
          checkedAt,
        })
      }
      data.seo.save(rows, i === 0 ? removed : [])
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  return {
    /** Queues the check of one publish's pages (a publisher listener). */
    record(p: PublishedPages) {
      queued++
      chain = chain
        .then(() => check(p))
        .catch((err: unknown) => log.error({ err }, 'SEO önerileri hesaplanamadı'))
        .then(() => {
          // Only after the last queued publish, once publishes pause: a burst of publishes prepares once.
          if (--queued > 0) return
          clearTimeout(quiet)
          quiet = setTimeout(() => {
            // A promise it returns (the answers are made in slices, seo-answers.ts) is followed: its failure is reported.
            new Promise<void>((resolve) => resolve(afterStored())).catch((err: unknown) =>
              log.error({ err }, 'SEO önerileri hazırlanamadı'),
            )
          }, quietMs)
          quiet.unref()
        })
        .catch((err: unknown) => log.error({ err }, 'SEO önerileri hazırlanamadı'))
    },
    /** Resolves once every queued check is stored (the report waits for it). */
    settled: () => chain,
  }
}
export type SeoRecorder = ReturnType<typeof createSeoRecorder>
