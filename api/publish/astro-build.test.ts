import { access, mkdir, mkdtemp, rm, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runAstroBuild } from './astro-build.ts'

const repoRoot = join(import.meta.dirname, '..', '..')
const roots: string[] = []
afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))))

async function build() {
  // Inside the repo: the server bundle's chunks resolve packages from where they lie.
  const root = await mkdtemp(join(repoRoot, 'node_modules', '.astro-build-test-'))
  roots.push(root)
  const outDir = join(root, 'out')
  await runAstroBuild({
    repoRoot,
    outDir,
    siteUrl: 'http://localhost:3000',
    cacheDir: join(root, 'cache'),
  })
  return outDir
}

// Several servers (tests, each engineer's e2e server) build from the same repo at once. They shared Astro's
// `<cwd>/.astro/.prerender` folder, and each build deleted the chunks the others were still loading.
describe('runAstroBuild', () => {
  it('lets parallel builds of the same repo all succeed', async () => {
    const outs = await Promise.all([build(), build()])
    for (const out of outs) await access(join(out, 'server', 'entry.mjs'))
  }, 180_000)

  it('removes working folders left by builds killed over an hour ago, not newer ones', async () => {
    const workRoot = join(repoRoot, 'node_modules', '.astro-builds')
    const old = join(workRoot, 'build-test-old')
    const fresh = join(workRoot, 'build-test-fresh')
    await mkdir(old, { recursive: true })
    await mkdir(fresh, { recursive: true })
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
    await utimes(old, twoHoursAgo, twoHoursAgo)
    try {
      await build()
      await expect(access(old)).rejects.toThrow()
      await access(fresh)
    } finally {
      await rm(old, { recursive: true, force: true })
      await rm(fresh, { recursive: true, force: true })
    }
  }, 180_000)
})
