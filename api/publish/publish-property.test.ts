import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureCodeBuilt, type CodeBuild } from './code-build.ts'
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
})
