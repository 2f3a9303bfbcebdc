/**
 * Issue 33, thirteenth session: the memory the SEO part holds at PAGES stored pages (100,000 by default) and as many
 * posts, no server. The rows are written into a real database (a temporary data folder), then a fresh store reads them
 * as a server does after a start, `prepareSeoAnswers` makes the answers as after a publish, and the dashboard's card
 * (`?limit=10`) is read: V8 heap used, external (Buffers) and RSS against the same figures before the store was made
 * (the posts and the database already there), each after a collection that gives V8's emptied pages back (as the
 * server's memory trim asks for, decision 338). Then the full list is read (timed, its bytes counted) and the figures
 * taken again; then five saves, each followed by the full list made in one piece (what a read arriving before the
 * preparation is done pays). Titles and descriptions are Turkish (two-byte strings), descriptions repeat (as the
 * generated posts of `makeContent` share their demo post's excerpt) and finding messages repeat.
 * Run: node --expose-gc bench/seo-memory.ts   (PAGES to change)
 */
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { prepareSeoAnswers, seoAnswer } from '../api/seo/seo-answers.ts'
import { openDatabase } from '../api/store/private/database.ts'
import { seoPageStore, type SeoPageRow } from '../api/store/private/seo-pages.ts'
import { median } from './lib.ts'

const PAGES = Number(process.env.PAGES ?? 100_000)
const gc = (globalThis as { gc?: (options: object) => void }).gc
if (!gc) throw new Error('run with node --expose-gc')

const TITLES = [
  'Bulut ERP’ye Geçişte 6 Adım: DİA ve Rota Deneyimlerimiz',
  'e-İmza Nedir, Nasıl Alınır?',
  'e-Fatura’ya Geçiş Rehberi: Kimler, Ne Zaman, Nasıl?',
  'Ön Muhasebe Yazılımı Seçerken Dikkat Edilecek Noktalar',
  'KEP Adresi Nedir ve Şirketler İçin Neden Zorunludur?',
  'Mali Müşavirlikte Dijital Dönüşüm: Gerçek Örnekler',
]
const EXCERPTS = TITLES.map(
  (t, i) =>
    `${t} üzerine kısa bir özet: başvuru adımları, gerekli belgeler, sık yapılan hatalar ve işletmeniz için öneriler (${i}).`,
)
/** Fixed: two runs (this code and an older one) give the same answer, compared by its hash. */
const at = '2026-11-29T12:00:00.000Z'
function rowOf(i: number): SeoPageRow {
  const base = i % TITLES.length
  const title = `${TITLES[base]!} ${i} | Netiz Dijital`
  const findings: SeoPageRow['findings'] = []
  if (title.length > 60)
    findings.push({
      code: 'title-long',
      severity: 'warning',
      message: `Başlık ${title.length} karakter; 30–60 karakter arası önerilir.`,
    })
  if (i % 5 === 0)
    findings.push({
      code: 'image-alt',
      severity: 'warning',
      message: 'Sayfada 2 görselin alt metni (alt) yok.',
    })
  if (i % 97 === 0)
    findings.push({ code: 'h1-missing', severity: 'error', message: 'Sayfada ana başlık (h1) yok.' })
  return { path: `/blog/blog-${base}-${i}`, title, description: EXCERPTS[base]!, findings, checkedAt: at }
}

/** After a collection that gives V8's emptied pages back, as the server's memory trim asks for (decision 338). */
function usage() {
  for (let i = 0; i < 3; i++) gc!({ type: 'major', execution: 'sync', flavor: 'last-resort' })
  const m = process.memoryUsage()
  return { heap: m.heapUsed, external: m.external, rss: m.rss }
}
const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`
const held = (now: ReturnType<typeof usage>, before: ReturnType<typeof usage>) =>
  `heap ${mb(now.heap - before.heap)}, external ${mb(now.external - before.external)}, ` +
  `RSS ${mb(now.rss - before.rss)} (process RSS ${mb(now.rss)})`
/** The size and sha256 of an answer, whatever form it has (bytes kept in memory, or a file streamed). */
let lastHash = ''
async function bytesOf(answer: unknown): Promise<number> {
  const chunks =
    answer instanceof Uint8Array ? [answer] : (answer as { stream(): AsyncIterable<Uint8Array> }).stream()
  const h = createHash('sha256')
  let n = 0
  for await (const chunk of chunks) {
    h.update(chunk)
    n += chunk.byteLength
  }
  lastHash = h.digest('hex').slice(0, 16)
  return n
}

const dir = await mkdtemp(join(tmpdir(), 'seo-memory-'))
try {
  const db = await openDatabase(dir)
  let blogs = Array.from({ length: PAGES }, (_, i) => ({ id: `blog-${i % TITLES.length}-${i}` }))
  const projects: never[] = []
  const content = { read: (name: string) => (name === 'blogs' ? blogs : projects) }
  {
    const writer = seoPageStore(db)
    for (let i = 0; i < PAGES; i += 1000)
      writer.save(
        Array.from({ length: Math.min(1000, PAGES - i) }, (_, j) => rowOf(i + j)),
        [],
      )
  }
  const before = usage()
  // A fresh store, as after a server's start: it reads the stored rows.
  const seo = seoPageStore(db)
  const sources = { data: { db, seo }, content } as unknown as Parameters<typeof seoAnswer>[0]
  let t = performance.now()
  let cpu = process.cpuUsage()
  await prepareSeoAnswers(sources)
  const prepareMs = performance.now() - t
  const prepareCpu = process.cpuUsage(cpu)
  t = performance.now()
  const card = await bytesOf(seoAnswer(sources, { limit: 10 }))
  const cardMs = performance.now() - t
  const cardHash = lastHash
  const prepared = usage()
  t = performance.now()
  const full = await bytesOf(seoAnswer(sources, {}))
  const fullMs = performance.now() - t
  const fullHash = lastHash
  t = performance.now()
  await bytesOf(seoAnswer(sources, {}))
  const againMs = performance.now() - t
  const read = usage()
  // A save (one page checked again, one post replaced), then the full list read at once, in one piece: what a read
  // arriving before the preparation is done pays (the preparation's own work, in slices).
  const once: number[] = []
  const onceCpu: number[] = []
  for (let round = 0; round < 5; round++) {
    seo.save([{ ...rowOf(round), checkedAt: new Date().toISOString() }], [])
    blogs = blogs.map((b, i) => (i === round ? { ...b } : b))
    t = performance.now()
    cpu = process.cpuUsage()
    seoAnswer(sources, {})
    once.push(performance.now() - t)
    const used = process.cpuUsage(cpu)
    onceCpu.push((used.user + used.system) / 1000)
  }
  console.log(`${PAGES.toLocaleString('en')} stored pages, ${blogs.length.toLocaleString('en')} posts`)
  console.log(
    `  prepared (in slices, ${prepareMs.toFixed(0)} ms) and the card read: ${held(prepared, before)}`,
  )
  console.log(`  after reading the full list: ${held(read, before)}`)
  console.log(
    `  card (limit=10): ${card.toLocaleString('en')} bytes (sha256 ${cardHash}…) in ${cardMs.toFixed(1)} ms; ` +
      `full list: ${full.toLocaleString('en')} bytes (sha256 ${fullHash}…), ` +
      `first read ${fullMs.toFixed(0)} ms, next ${againMs.toFixed(0)} ms (streamed to the end)`,
  )
  console.log(
    `  preparation: CPU ${((prepareCpu.user + prepareCpu.system) / 1000).toFixed(0)} ms; after a save, the full list ` +
      `made in one piece: median ${median(once).toFixed(0)} ms (CPU ${median(onceCpu).toFixed(0)} ms) of 5`,
  )
  db.close()
} finally {
  await rm(dir, { recursive: true, force: true })
}
