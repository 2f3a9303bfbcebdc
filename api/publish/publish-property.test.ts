import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureCodeBuilt, type CodeBuild } from './code-build.ts'
import { listExportFiles } from './export-folder.ts'
import { incrementalAgainstFull } from '../testing/random-admin-ops.ts'

const repoRoot = join(import.meta.dirname, '..', '..')
const siteUrl = 'http://localhost:4399'
let root: string
let code: CodeBuild
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'publish-property-'))
  code = await ensureCodeBuilt(repoRoot, siteUrl)
}, 180_000)
afterAll(() => rm(root, { recursive: true, force: true }))

describe('incremental publishing (property)', () => {
  it('after seeded random admin operations every page equals a full render of the same content', async () => {
    const { differences, ops, listPages } = await incrementalAgainstFull({ seed: 21, ops: 80, dir: join(root, 'seed-21'), repoRoot, siteUrl, code })
    // Three list pages or more of posts and of projects.
    expect(listPages.filter((f) => f.startsWith('/blog/')).length).toBeGreaterThanOrEqual(2)
    expect(listPages.filter((f) => f.startsWith('/sosyal')).length).toBeGreaterThanOrEqual(2)
    // The seed's 80 operations include what broke before: the oldest entry removed, alt texts, images, settings.
    for (const op of ['en eski yazıyı sil', 'en eski projeyi sil', 'medya alt metni', 'yazı görseli değiştir', 'iletişim ayarları'])
      expect(ops).toContain(op)
    expect(differences).toEqual([])
  }, 180_000)

  it('with the sitemap in parts (decision 342): the index and every part equal a full render too', async () => {
    // SITEMAP_SPLIT_AT lowered: the demo and 45 more posts and projects make a large site's sitemap.
    const saved = process.env.SITEMAP_SPLIT_AT
    process.env.SITEMAP_SPLIT_AT = '40'
    try {
      const { differences, ops } = await incrementalAgainstFull({ seed: 342, ops: 60, dir: join(root, 'seed-342'), repoRoot, siteUrl, code })
      for (const op of ['yazı ekle', 'yazı sil', 'yazı yayımla/taslağa al', 'yazı tarihini değiştir', 'proje düzenle']) expect(ops).toContain(op)
      expect(differences).toEqual([])
      const live = await listExportFiles(join(root, 'seed-342', 'build', 'live'))
      expect(live).toContain('/sitemap-sayfalar.xml')
      const parts = live.filter((f) => /^\/sitemap-(blog|projeler)-[0-9a-f]{2}\.xml$/.test(f))
      expect(parts.length).toBeGreaterThan(10)
      const read = (file: string) => readFile(join(root, 'seed-342', 'build', 'live', file), 'utf8')
      const index = await read('/sitemap.xml')
      expect(index).toContain('<sitemapindex')
      for (const part of parts) expect(index).toContain(`${part}</loc>`)
      expect(await read(parts[0]!)).toMatch(/^<\?xml[^>]*>\n<urlset[^>]*>\n {2}<url><loc>http:\/\/localhost:4399\//)
    } finally {
      if (saved === undefined) delete process.env.SITEMAP_SPLIT_AT
      else process.env.SITEMAP_SPLIT_AT = saved
    }
  }, 180_000)
})
