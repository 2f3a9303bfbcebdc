/**
 * Issue 33: what making the SEO answers after a publish costs the requests arriving meanwhile, at PAGES stored pages
 * (100,000 by default) and as many posts, with no server: the whole work in one piece (as a reader that needs the
 * answer now does it, and as the preparation did before decision 340), then `prepareSeoAnswers` in slices, with the
 * longest time the thread was held (event-loop delay, 1 ms resolution) and the answer compared with the one-piece one.
 * Each round stores a new version of one row and gives a new posts' array (a save), as a publish does.
 * Run: node bench/seo-slices.ts   (PAGES, ROUNDS to change)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { prepareSeoAnswers, seoAnswer } from '../api/seo/seo-answers.ts'
import type { SeoPageRow } from '../api/store/private/seo-pages.ts'
import { median } from './lib.ts'

const PAGES = Number(process.env.PAGES ?? 100_000)
const ROUNDS = Number(process.env.ROUNDS ?? 5)

const rows = new Map<string, SeoPageRow>()
const at = new Date().toISOString()
let blogs = Array.from({ length: PAGES }, (_, i) => ({
  id: `blog-${i}`,
  slug: `yazi-${i}`,
  oldSlugs: [`eski-${i}`],
}))
for (const [i, b] of blogs.entries()) {
  const path = `/blog/${b.slug}`
  rows.set(path, {
    path,
    title: `Yazı ${i % 50_000}`, // half the titles twice: duplicates
    description: i % 3 ? `Açıklama ${i}` : '',
    findings: i % 3 ? [] : [{ code: 'description-missing', severity: 'warning', message: 'Açıklama yok.' }],
    checkedAt: at,
  })
}
let version = 0
const noProjects: never[] = []
let list: SeoPageRow[] | null = null
const seo = { version: () => version, all: () => (list ??= [...rows.values()]) }
const sources = {
  data: { db: {}, seo },
  content: { read: (name: string) => (name === 'blogs' ? blogs : noProjects) },
} as unknown as Parameters<typeof seoAnswer>[0]

/** A save: one row stored again, one post replaced (a new array holding the same other objects). */
function save(n: number) {
  const path = `/blog/yazi-${n}`
  rows.set(path, { ...rows.get(path)!, checkedAt: new Date().toISOString() })
  list = null
  version++
  blogs = blogs.map((b, i) => (i === n ? { ...b } : b))
}

const whole: number[] = []
const sliced: number[] = []
const held: number[] = []
const p99: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  save(round)
  let t = performance.now()
  const once = Buffer.from(seoAnswer(sources, {}))
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
  const prepared = Buffer.from(seoAnswer(sources, {}))
  // The same pages as the one-piece answer (that one is a version older: compare without the checked times).
  if (prepared.length !== once.length) throw new Error('the prepared answer differs from the one-piece one')
}
console.log(`${PAGES.toLocaleString('en')} pages, ${ROUNDS} saves (median):`)
console.log(
  `  in one piece (a reader, and the preparation before): ${median(whole).toFixed(0)} ms holding the thread`,
)
console.log(
  `  in slices: ${median(sliced).toFixed(0)} ms to the answer made, event-loop delay p99 ${median(p99).toFixed(1)} ms, max ${median(held).toFixed(1)} ms`,
)
