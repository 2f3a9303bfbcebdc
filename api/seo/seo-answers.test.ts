import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../store/private/database.ts'
import { seoPageStore, type SeoPageRow } from '../store/private/seo-pages.ts'
import { hasPreparedReport, prepareSeoAnswers, preparedSeoAnswer, seoAnswer, type SeoAnswer } from './seo-answers.ts'
import { editorFinder, seoReport } from './seo-report.ts'

/**
 * The answers made in slices (decision 340) are the answers made in one piece: a site of a few thousand pages stored
 * in a database of a temporary folder (and kept here as rows, for the expected answer), posts as the content store
 * hands them, no app.
 */
type Post = { id: string; slug?: string; oldSlugs?: string[] }
const opened: { dir: string; db: DatabaseSync }[] = []
afterEach(async () => {
  for (const { dir, db } of opened.splice(0)) {
    db.close()
    await rm(dir, { recursive: true, force: true })
  }
})
async function site(pages: number) {
  const dir = await mkdtemp(join(tmpdir(), 'seo-answers-'))
  const db = await openDatabase(dir)
  opened.push({ dir, db })
  const rows = new Map<string, SeoPageRow>()
  let blogs: Post[] = Array.from({ length: pages }, (_, i) => ({
    id: `blog-${i}`,
    ...(i % 7 ? { slug: `yazi-${i}` } : {}),
    ...(i % 5 === 0 ? { oldSlugs: [`eski-${i}`] } : {}),
  }))
  const projects: Post[] = [{ id: 'proje-1', slug: 'fidan' }]
  for (let i = 0; i < pages; i++) {
    const path = i % 11 === 0 ? `/blog/eski-${i - (i % 5)}` : `/blog/${i % 7 ? `yazi-${i}` : `blog-${i}`}`
    rows.set(path, {
      path,
      title: `Yazı ${i % (pages / 2)}`,
      description: i % 3 ? `Açıklama ${i % 100}` : '',
      findings:
        i % 4
          ? []
          : [
              {
                code: i % 8 ? 'image-alt' : 'h1-missing',
                severity: i % 8 ? 'warning' : 'error',
                message: `Bulgu ${i}`,
              },
            ],
      checkedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)).toISOString(),
    })
  }
  for (const path of ['/sosyal-sorumluluk/fidan', '/blog/sayfa/2', '/iletisim', '/yok'])
    rows.set(path, {
      path,
      title: 'Sabit',
      description: '',
      findings: [{ code: 'x', severity: 'error', message: 'Hata' }],
      checkedAt: '2026-01-02T00:00:00.000Z',
    })
  const seo = seoPageStore(db)
  seo.save([...rows.values()], [])
  const sources = {
    data: { db, seo },
    content: { read: (name: string) => (name === 'blogs' ? blogs : projects) },
  } as unknown as Parameters<typeof seoAnswer>[0]
  return {
    sources,
    dir,
    db,
    seo,
    /** A publish that removed the `n`th page. */
    remove(n: number) {
      const path = [...rows.keys()][n]!
      rows.delete(path)
      seo.save([], [path])
      return path
    },
    /** A save: one page checked again, one post replaced (a new array of the same other posts). */
    save(n: number, title: string) {
      const path = [...rows.keys()][n]!
      rows.set(path, { ...rows.get(path)!, title })
      seo.save([rows.get(path)!], [])
      blogs = blogs.map((b, i) => (i === n ? { ...b, oldSlugs: [...(b.oldSlugs ?? []), `yeni-${n}`] } : b))
    },
    /** The answer as one stringify of the report made in one piece (the route's JSON before decision 340). */
    expected(limit?: number) {
      const report = seoReport([...rows.values()], editorFinder(blogs, projects))
      return JSON.stringify({
        success: true,
        data: {
          checkedAt: report.checkedAt,
          checkedPages: report.checkedPages,
          total: report.pages.length,
          pages: report.pages.slice(0, limit ?? report.pages.length),
        },
      })
    },
  }
}
/** An answer's text: bytes kept, or the full list's file read through its stream. */
async function text(answer: SeoAnswer): Promise<string> {
  if (answer instanceof Uint8Array) return Buffer.from(answer).toString('utf8')
  const chunks: Uint8Array[] = []
  for await (const chunk of answer.stream()) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

describe('seoAnswer and prepareSeoAnswers', () => {
  it('prepare in slices makes the report, not the full list; the full list read then is one stringify’s, and kept', async () => {
    const s = await site(3000)
    await prepareSeoAnswers(s.sources)
    expect(hasPreparedReport(s.sources)).toBe(true)
    // No file a save: the full list is made at its first read after a change (issue 33 point 1 counts writes).
    expect(preparedSeoAnswer(s.sources, {})).toBeUndefined()
    expect(existsSync(join(s.dir, 'seo-answers'))).toBe(false)
    const prepared = seoAnswer(s.sources, {})
    expect(await text(prepared)).toBe(s.expected())
    expect(preparedSeoAnswer(s.sources, {})).toBe(prepared)
    expect(seoAnswer(s.sources, {})).toBe(prepared)
    expect(await text(seoAnswer(s.sources, { limit: 5 }))).toBe(s.expected(5))
    const one = JSON.parse(await text(seoAnswer(s.sources, { path: '/blog/yazi-8' })))
    expect(one.data.pages).toEqual([
      expect.objectContaining({ path: '/blog/yazi-8', edit: '/blog-duzenle?duzenle=blog-8' }),
    ])
    expect(preparedSeoAnswer(s.sources, { limit: 5 })).toBeDefined()
  })

  it('after a save, answers the new rows and posts (a preparation or none), never the old ones', async () => {
    const s = await site(2000)
    await prepareSeoAnswers(s.sources)
    s.save(10, 'Yeni başlık')
    expect(preparedSeoAnswer(s.sources, {})).toBeUndefined()
    expect(await text(seoAnswer(s.sources, {}))).toBe(s.expected())
    s.save(20, 'Yazı 3')
    await prepareSeoAnswers(s.sources)
    expect(await text(seoAnswer(s.sources, {}))).toBe(s.expected())
    expect(await text(seoAnswer(s.sources, { limit: 3 }))).toBe(s.expected(3))
  })

  it('a read while a preparation runs finishes it (not made twice) and answers the same', async () => {
    const s = await site(20_000)
    s.save(1, 'Başka')
    const preparing = prepareSeoAnswers(s.sources)
    await new Promise((resolve) => setImmediate(resolve))
    expect(preparedSeoAnswer(s.sources, {})).toBeUndefined()
    const read = seoAnswer(s.sources, {})
    expect(await text(read)).toBe(s.expected())
    await preparing
    expect(preparedSeoAnswer(s.sources, {})).toBe(read)
  })

  it('a card read while a preparation runs makes the report only; the full list waits for its own read', async () => {
    const s = await site(20_000)
    s.save(2, 'Başka')
    const preparing = prepareSeoAnswers(s.sources)
    await new Promise((resolve) => setImmediate(resolve))
    expect(await text(seoAnswer(s.sources, { limit: 5 }))).toBe(s.expected(5))
    expect(preparedSeoAnswer(s.sources, {})).toBeUndefined()
    await preparing
    expect(hasPreparedReport(s.sources)).toBe(true)
    expect(preparedSeoAnswer(s.sources, {})).toBeUndefined()
    expect(await text(seoAnswer(s.sources, {}))).toBe(s.expected())
  })

  it('a save while a preparation runs stops it; the next read answers the new state', async () => {
    const s = await site(20_000)
    const preparing = prepareSeoAnswers(s.sources)
    await new Promise((resolve) => setImmediate(resolve))
    s.save(5, 'Değişti')
    await preparing
    expect(preparedSeoAnswer(s.sources, {})).toBeUndefined()
    expect(await text(seoAnswer(s.sources, {}))).toBe(s.expected())
  })

  it('a limit of the whole list answers the full list’s file; a part of megabytes is answered and not kept', async () => {
    const s = await site(20_000)
    await prepareSeoAnswers(s.sources)
    const full = seoAnswer(s.sources, {})
    const total = (JSON.parse(s.expected(1)) as { data: { total: number } }).data.total
    expect(seoAnswer(s.sources, { limit: total })).toBe(full)
    expect(seoAnswer(s.sources, { limit: total + 1 })).toBe(full)
    const part = seoAnswer(s.sources, { limit: total - 1 })
    expect(part).toBeInstanceOf(Uint8Array)
    expect((part as Uint8Array).byteLength).toBeGreaterThan(1 << 20)
    expect(await text(part)).toBe(s.expected(total - 1))
    expect(preparedSeoAnswer(s.sources, { limit: total - 1 })).toBeUndefined()
    expect(await text(seoAnswer(s.sources, { limit: 2 }))).toBe(s.expected(2))
    expect(preparedSeoAnswer(s.sources, { limit: 2 })).toBeDefined()
  })

  it('a page removed is gone from every answer; a fresh store (a restart) reads the same summaries', async () => {
    const s = await site(2000)
    const gone = s.remove(8)
    expect(await text(seoAnswer(s.sources, {}))).toBe(s.expected())
    expect(await text(seoAnswer(s.sources, { limit: 4 }))).toBe(s.expected(4))
    expect(JSON.parse(await text(seoAnswer(s.sources, { path: gone }))).data.pages).toEqual([])
    const byPath = (a: { path: string }, b: { path: string }) =>
      a.path < b.path ? -1 : a.path > b.path ? 1 : 0
    const restarted = seoPageStore(s.db).summaries()
    expect([...restarted].sort(byPath)).toEqual([...s.seo.summaries()].sort(byPath))
    expect(restarted).toHaveLength(s.seo.count())
  })

  it('keeps one full list on disk (0600, in a 0700 folder), made by a read: a newer one replaces the older', async () => {
    const s = await site(20_000)
    const folder = join(s.dir, 'seo-answers')
    const files = () => readdirSync(folder)
    await prepareSeoAnswers(s.sources)
    expect(existsSync(folder)).toBe(false)
    expect(await text(seoAnswer(s.sources, {}))).toBe(s.expected())
    const [first] = files()
    expect(files()).toHaveLength(1)
    expect(statSync(join(folder, first!)).mode & 0o777).toBe(0o600)
    expect(statSync(folder).mode & 0o777).toBe(0o700)
    s.save(3, 'Yeni başlık')
    await prepareSeoAnswers(s.sources)
    expect(files()).toEqual([first])
    expect(await text(seoAnswer(s.sources, {}))).toBe(s.expected())
    expect(files()).toHaveLength(1)
    expect(files()[0]).not.toBe(first)
  })
})
