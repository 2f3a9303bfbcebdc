import { cp, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSitePublisher } from './site-publisher.ts'

// Code builds whose processes really hang: an `astro build` that never ends, a render bundle whose pages never
// render in the full publish's child process. The publish must kill them, fail, report it, and publish again.
const repoRoot = join(import.meta.dirname, '..', '..')
const siteUrl = 'http://localhost:4399'
let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'publish-timeouts-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** A render bundle (server/entry.mjs, client/) with two pages; `hangIn` names a pid file: its renders never end. */
function bundleEntry(hangIn?: string): string {
  return `
import { writeFileSync } from 'node:fs'
export const listPages = () => [{ path: '/', key: 'k' }, { path: '/404', key: 'k' }]
export const mediaKeys = () => ({ all: '', byUrl: new Map() })
export async function renderPage(url) {
  ${hangIn ? `writeFileSync(${JSON.stringify(hangIn)}, String(process.pid)); await new Promise(() => setInterval(() => {}, 1000))` : ''}
  const notFound = new URL(url).pathname === '/404'
  return new Response('<!doctype html><title>Sayfa</title>', { status: notFound ? 404 : 200, headers: { 'content-type': 'text/html' } })
}
`
}
async function writeBundle(dir: string, entry: string) {
  await mkdir(join(dir, 'server'), { recursive: true })
  await mkdir(join(dir, 'client'), { recursive: true })
  await writeFile(join(dir, 'server', 'entry.mjs'), entry)
  await writeFile(join(dir, 'client', 'robots.txt'), 'User-agent: *\n')
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
const contentCopy = async (name: string) => {
  const dir = join(root, name, 'content')
  await cp(join(repoRoot, 'content'), dir, { recursive: true })
  return dir
}

describe('publish time limits', () => {
  it('a full render whose child process hangs is killed; the publish fails and is reported; the next save publishes', async () => {
    const hung = join(root, 'hung-bundle')
    const good = join(root, 'good-bundle')
    const pidFile = join(root, 'render.pid')
    await writeBundle(hung, bundleEntry(pidFile))
    await writeBundle(good, bundleEntry())
    let code = { dir: hung, stamp: 'asili' }
    const p = createSitePublisher({
      repoRoot,
      contentDir: await contentCopy('child'),
      buildRoot: join(root, 'child', 'build'),
      siteUrl,
      code: async () => code,
      childRenderAbove: 0,
      // Long enough for the child to start and load the bundle on a busy machine.
      childRenderTimeoutMs: 20_000,
    })
    const seq = p.request()
    await p.idle()
    expect(p.status()).toMatchObject({ state: 'failed', failed: seq, generation: 0, publishing: null })
    expect(p.status().lastError).toContain('saniyede bitmedi')
    expect(p.status().lastErrorText).toBe(
      'Sitenin tüm sayfaları 20 saniyede oluşturulamadı; işlem durduruldu. Yayındaki site değişmedi; bir sonraki kayıt yeniden yayımlamayı dener.',
    )
    const pid = Number(await readFile(pidFile, 'utf8'))
    expect(alive(pid)).toBe(false)

    code = { dir: good, stamp: 'saglam' }
    const next = p.request()
    await p.idle()
    expect(p.status()).toMatchObject({ state: 'idle', generation: next, lastError: null, lastErrorText: null })
    expect(p.site().has('/index.html')).toBe(true)
    await p.stop()
  }, 120_000)

  it('an `astro build` that hangs is killed; the publish fails and is reported; the next save builds and publishes', async () => {
    // A checkout whose `astro` never finishes while the file `hang` exists, and writes a small bundle otherwise.
    const repo = join(root, 'repo')
    for (const d of ['site', 'schema', 'public', 'node_modules/astro/bin']) await mkdir(join(repo, d), { recursive: true })
    await writeFile(join(repo, 'site', 'page.astro'), '---\n---\n')
    await writeFile(join(repo, 'hang'), '')
    await writeFile(
      join(repo, 'node_modules', 'astro', 'bin', 'astro.mjs'),
      `
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
const out = process.env.SITE_OUT_DIR
if (existsSync(${JSON.stringify(join(repo, 'hang'))})) {
  writeFileSync(${JSON.stringify(join(repo, 'astro.pid'))}, String(process.pid))
  setInterval(() => {}, 1000)
} else {
  mkdirSync(join(out, 'server'), { recursive: true })
  mkdirSync(join(out, 'client'), { recursive: true })
  writeFileSync(join(out, 'server', 'entry.mjs'), ${JSON.stringify(bundleEntry())})
  writeFileSync(join(out, 'client', 'robots.txt'), 'User-agent: *\\n')
}
`,
    )
    const p = createSitePublisher({
      repoRoot: repo,
      contentDir: await contentCopy('astro'),
      buildRoot: join(root, 'astro', 'build'),
      siteUrl,
      codeBuildTimeoutMs: 1500,
    })
    const seq = p.request()
    await p.idle()
    expect(p.status()).toMatchObject({ state: 'failed', failed: seq, generation: 0 })
    expect(p.status().lastError).toContain('astro build 2 saniyede bitmedi')
    expect(p.status().lastErrorText).toMatch(/^Sitenin kodu 2 saniyede derlenemedi ve durduruldu\. Yayındaki site değişmedi/)
    expect(alive(Number(await readFile(join(repo, 'astro.pid'), 'utf8')))).toBe(false)

    await unlink(join(repo, 'hang'))
    const next = p.request()
    await p.idle()
    expect(p.status()).toMatchObject({ state: 'idle', generation: next, lastError: null, lastErrorText: null })
    expect(p.site().has('/index.html')).toBe(true)
    await p.stop()
  }, 120_000)
})
