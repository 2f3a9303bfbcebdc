/**
 * Issue 33: what making the SEO answers after a publish costs the requests arriving meanwhile, at PAGES stored pages
 * (100,000 by default) and as many posts, with no server: the whole work in one piece (as a reader that needs the
 * answer now does it, and as the preparation did before decision 340), then `prepareSeoAnswers` in slices, with the
 * longest time the thread was held (event-loop delay, 1 ms resolution) and the answer compared with the one-piece one.
 * Each round stores a new version of one row and gives a new posts' array (a save), as a publish does. The rows are
 * stored in a database of a temporary folder (the answers read their texts from it, decision 343).
 * Run: node bench/seo-slices.ts   (PAGES, ROUNDS to change)
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { prepareSeoAnswers, seoAnswer, type SeoAnswer } from '../api/seo/seo-answers.ts'
import { openDatabase } from '../api/store/private/database.ts'
import { seoPageStore, type SeoPageRow } from '../api/store/private/seo-pages.ts'
import { median } from './lib.ts'

const PAGES = Number(process.env.PAGES ?? 100_000)
const ROUNDS = Number(process.env.ROUNDS ?? 5)

// The rows in a database of a temporary folder, as the server stores them (decision 343: the answers read it).
const dir = await mkdtemp(join(tmpdir(), 'seo-slices-'))
const db = await openDatabase(dir)
const seo = seoPageStore(db)
const at = new Date().toISOString()
let blogs = Array.from({ length: PAGES }, (_, i) => ({
  id: `blog-${i}`,
  slug: `yazi-${i}`,
  oldSlugs: [`eski-${i}`],
}))
const rowOf = (i: number, checkedAt: string): SeoPageRow => ({
  path: `/blog/yazi-${i}`,
  title: `Yazı ${i % 50_000}`, // half the titles twice: duplicates
  description: i % 3 ? `Açıklama ${i}` : '',
  findings: i % 3 ? [] : [{ code: 'description-missing', severity: 'warning', message: 'Açıklama yok.' }],
  checkedAt,
})
seo.save(
  blogs.map((_, i) => rowOf(i, at)),
  [],
)
const noProjects: never[] = []
const sources = {
  data: { db, seo },
  content: { read: (name: string) => (name === 'blogs' ? blogs : noProjects) },
} as unknown as Parameters<typeof seoAnswer>[0]

/** A save: one row stored again, one post replaced (a new array holding the same other objects). */
function save(n: number) {
  seo.save([rowOf(n, new Date().toISOString())], [])
  blogs = blogs.map((b, i) => (i === n ? { ...b } : b))
}
/** An answer's length and hash (the full list is a file, read through its stream). */
async function digest(answer: SeoAnswer) {
  const h = createHash('sha256')
  let length = 0
  const chunks = answer instanceof Uint8Array ? [answer] : answer.stream()
  for await (const chunk of chunks) {
    h.update(chunk)
    length += chunk.byteLength
  }
  return { length, sha256: h.digest('hex') }
}

const whole: number[] = []
const sliced: number[] = []
const held: number[] = []
const p99: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  save(round)
  let t = performance.now()
  const once = await digest(seoAnswer(sources, {}))
  whole.push(performance.now() - t)
  save(round + 1)
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  t = performance.now()
  await prepareSeoAnswers(sources)
  sliced.push(performance.now() - t)
  delay.disable()
  held.push(delay.max / 1e6)
  p99.push(delay.percentile(99) / 1e6)
  const prepared = await digest(seoAnswer(sources, {}))
  // The same pages as the one-piece answer (that one is a version older: compare without the checked times).
  if (prepared.length !== once.length) throw new Error('the prepared answer differs from the one-piece one')
}
db.close()
await rm(dir, { recursive: true, force: true })
console.log(`${PAGES.toLocaleString('en')} pages, ${ROUNDS} saves (median):`)
console.log(
  `  in one piece (a reader, and the preparation before): ${median(whole).toFixed(0)} ms holding the thread`,
)
console.log(
  `  in slices: ${median(sliced).toFixed(0)} ms to the answer made, event-loop delay p99 ${median(p99).toFixed(1)} ms, max ${median(held).toFixed(1)} ms`,
)
