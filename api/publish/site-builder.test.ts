import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSiteBuilder } from './site-builder.ts'

let root: string
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'builder-test-'))
})
afterEach(() => rm(root, { recursive: true, force: true }))

/** A builder whose build step writes a page and waits until released, so a test controls when it ends. */
function setup(options: { fail?: () => boolean } = {}) {
  const builds: string[] = []
  const live: string[] = []
  let release: (() => void) | null = null
  const builder = createSiteBuilder({
    repoRoot: root,
    contentDir: root,
    buildRoot: join(root, 'builds'),
    siteUrl: 'http://localhost',
    stamp: async () => 'stamp',
    debounceMs: 5,
    swap: async (dir) => void live.push(await readFile(join(dir, 'index.html'), 'utf8')),
    build: async (outDir) => {
      builds.push(outDir)
      await new Promise<void>((resolve) => (release = resolve))
      if (options.fail?.()) throw new Error('derleme hatası')
      await mkdir(outDir, { recursive: true })
      await writeFile(join(outDir, 'index.html'), `build ${builds.length}`)
    },
  })
  const finishCurrent = async () => {
    while (!release) await new Promise((r) => setTimeout(r, 2))
    const r = release
    release = null
    r()
  }
  return { builder, builds, live, finishCurrent }
}

describe('site builder', () => {
  it('saves during a running build cause exactly one more build', async () => {
    const { builder, builds, live, finishCurrent } = setup()
    const first = builder.buildNow()
    await finishCurrent()
    await first
    expect(builder.status()).toMatchObject({ state: 'idle', generation: 1 })

    builder.request()
    expect(builder.status().state).toBe('queued')
    while (builds.length < 2) await new Promise((r) => setTimeout(r, 2))
    builder.request()
    builder.request()
    builder.request()
    await new Promise((r) => setTimeout(r, 30))
    expect(builder.status().state).toBe('building')
    await finishCurrent()
    await finishCurrent()
    while (builder.status().state !== 'idle') await new Promise((r) => setTimeout(r, 2))
    expect(builds).toHaveLength(3)
    expect(live).toEqual(['build 1', 'build 2', 'build 3'])
    expect(builder.status().generation).toBe(3)
    // Only the live build folder is kept.
    expect((await readdir(join(root, 'builds'))).filter((n) => n.startsWith('site-'))).toHaveLength(1)
  })

  it('a failed build keeps the previous site live and records the error', async () => {
    let failNext = false
    const { builder, live, finishCurrent } = setup({ fail: () => failNext })
    const first = builder.buildNow()
    await finishCurrent()
    await first
    failNext = true
    const second = builder.buildNow()
    await finishCurrent()
    await second
    expect(live).toEqual(['build 1'])
    const status = builder.status()
    expect(status.state).toBe('failed')
    expect(status.lastError).toBe('derleme hatası')
    expect(status.generation).toBe(1)
    const current = JSON.parse(await readFile(join(root, 'builds', 'current.json'), 'utf8'))
    expect(await readFile(join(current.dir, 'index.html'), 'utf8')).toBe('build 1')
  })

  it('reuses the previous build at start when the sources are unchanged', async () => {
    const a = setup()
    const first = a.builder.buildNow()
    await a.finishCurrent()
    await first
    const b = setup()
    await b.builder.ensureBuilt()
    expect(b.builds).toHaveLength(0)
    expect(b.live).toEqual(['build 1'])
  })
})
