import { appendFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PageRecord } from './export-folder.ts'
import { createPublishStateWriter, readPublishState } from './publish-state.ts'

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'publish-state-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

const record = (key: string): PageRecord => ({ key, type: 'text/html; charset=utf-8', etag: `"${key}"`, size: key.length })
const site = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`/blog/yazi-${i}`, record(`k${i}`)]))
// writeFileAtomic makes the folder.
const folder = async (name: string) => join(root, name)
const plain = (pages: Map<string, PageRecord>) => Object.fromEntries(pages)

describe('publish state (issue 33: a save records its own pages, not every page)', () => {
  it('a full publish writes it whole; incremental publishes append only what they changed, and reading gives the live state', async () => {
    const dir = await folder('log')
    const w = createPublishStateWriter(dir)
    const pages = site(200)
    await w.write({ code: 'c1', tree: 'site-1', pages, files: () => ['/a.css'] }, 'full')
    const base = await readFile(join(dir, 'publish-state.json'))

    pages.set('/blog/yazi-3', record('yeni-3'))
    pages.set('/blog/yeni', record('yeni'))
    pages.delete('/blog/yazi-7')
    await w.write({ code: 'c1', tree: 'site-2', pages, files: () => ['/a.css'] }, { changed: ['/blog/yazi-3', '/blog/yeni'], removed: ['/blog/yazi-7'] })
    pages.set('/blog/yazi-3', record('daha-yeni-3'))
    await w.write({ code: 'c1', tree: 'site-3', pages, files: () => ['/a.css'] }, { changed: ['/blog/yazi-3'], removed: [] })

    // The whole state was not written again; the log holds two short lines.
    expect((await readFile(join(dir, 'publish-state.json'))).equals(base)).toBe(true)
    const log = await readFile(join(dir, 'publish-state.log'), 'utf8')
    expect(log.trim().split('\n')).toHaveLength(2)
    expect(log.length).toBeLessThan(base.length / 20)
    expect(((await stat(join(dir, 'publish-state.log'))).mode & 0o777).toString(8)).toBe('644')

    expect(await readPublishState(dir)).toEqual({ code: 'c1', tree: 'site-3', pages: plain(pages), files: ['/a.css'] })
  })

  it('the log is folded into a whole state once it outgrows a quarter of it (at least 256 KB)', async () => {
    const dir = await folder('compact')
    const w = createPublishStateWriter(dir)
    const pages = site(10)
    await w.write({ code: 'c', tree: 'site-0', pages, files: () => [] }, 'full')
    const big = 'x'.repeat(40_000)
    let i = 0
    // Each line is ~40 KB: the seventh goes over 256 KB and the next write is whole.
    for (; i < 8; i++) {
      pages.set('/blog/yazi-1', record(`${big}${i}`))
      await w.write({ code: 'c', tree: `site-${i + 1}`, pages, files: () => [] }, { changed: ['/blog/yazi-1'], removed: [] })
    }
    const log = await readFile(join(dir, 'publish-state.log'), 'utf8')
    expect(log.trim().split('\n').length).toBeLessThan(8)
    expect(await readPublishState(dir)).toEqual({ code: 'c', tree: 'site-8', pages: plain(pages), files: [] })
  })

  it('a line cut by a crash ends the state there (an older tree, which a restart does not take over)', async () => {
    const dir = await folder('torn')
    const w = createPublishStateWriter(dir)
    const pages = site(5)
    await w.write({ code: 'c', tree: 'site-1', pages, files: () => [] }, 'full')
    pages.set('/blog/yazi-0', record('a'))
    await w.write({ code: 'c', tree: 'site-2', pages, files: () => [] }, { changed: ['/blog/yazi-0'], removed: [] })
    const kept = structuredClone(plain(pages))
    await appendFile(join(dir, 'publish-state.log'), '{"log":"x","tree":"site-3","set":{"/blog/yaz')
    const state = await readPublishState(dir)
    expect(state).toEqual({ code: 'c', tree: 'site-2', pages: kept, files: [] })
  })

  it('lines of an earlier whole state (a crash before its log was removed) are not applied', async () => {
    const dir = await folder('stale')
    const w = createPublishStateWriter(dir)
    const pages = site(5)
    await w.write({ code: 'c', tree: 'site-1', pages, files: () => [] }, 'full')
    pages.set('/blog/yazi-0', record('eski'))
    await w.write({ code: 'c', tree: 'site-2', pages, files: () => [] }, { changed: ['/blog/yazi-0'], removed: [] })
    const oldLog = await readFile(join(dir, 'publish-state.log'))
    // A new writer (a restart) writes the whole state first; the old log is put back as if its removal was lost.
    const again = createPublishStateWriter(dir)
    pages.set('/blog/yazi-0', record('yeni'))
    await again.write({ code: 'c', tree: 'site-3', pages, files: () => [] }, { changed: ['/blog/yazi-0'], removed: [] })
    await writeFile(join(dir, 'publish-state.log'), oldLog)
    expect(await readPublishState(dir)).toEqual({ code: 'c', tree: 'site-3', pages: plain(pages), files: [] })
  })

  it('a state written whole before the log existed is read as it is; none at all is null', async () => {
    const dir = await folder('old')
    await mkdir(dir, { recursive: true })
    const old = { code: 'c', tree: 'site-1', pages: { '/': record('ana') }, files: ['/x.js'] }
    await writeFile(join(dir, 'publish-state.json'), JSON.stringify(old))
    expect(await readPublishState(dir)).toEqual(old)
    expect(await readPublishState(join(root, 'yok'))).toBeNull()
  })
})
