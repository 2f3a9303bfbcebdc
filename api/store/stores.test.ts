import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openContentStore } from './content-store.ts'
import { openDataStore } from './data-store.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-test-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('content store', () => {
  it('keeps both of two concurrent saves, reports each change and survives a reopen', async () => {
    const changes: string[] = []
    const store = await openContentStore(dir, (name) => changes.push(name))
    await Promise.all([
      store.update('references', (r) => void r.sliderImages.push('/demo/a.webp')),
      store.update('references', (r) => void r.sliderImages.push('/demo/b.webp')),
      store.update('contact-settings', (s) => void (s.title = 'Başlık')),
    ])
    expect(changes.sort()).toEqual(['contact-settings', 'references', 'references'])
    const reopened = await openContentStore(dir, () => {})
    expect(reopened.read('references').sliderImages).toEqual(['/demo/a.webp', '/demo/b.webp'])
    expect(reopened.read('contact-settings').title).toBe('Başlık')
    // Written through a temp file and a rename: no temp file is left behind, the JSON is whole and indented.
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(await readFile(join(dir, 'references.json'), 'utf8')).toMatch(/^\{\n {2}"cards"/)
  })

  it('starts from empty shapes when the files do not exist yet', async () => {
    const store = await openContentStore(dir, () => {})
    expect(store.read('blogs')).toEqual([])
    expect(store.read('home').banner.button1).toEqual({ text: 'Programlar', link: '/programlar' })
  })
})

describe('data store', () => {
  it('keeps many concurrent counter increments', async () => {
    const data = await openDataStore(dir)
    await Promise.all(
      Array.from({ length: 50 }, () =>
        data.update('counters', (c) => void (c.downloads.x = (c.downloads.x ?? 0) + 1)),
      ),
    )
    await data.close()
    const reopened = await openDataStore(dir)
    expect(reopened.read('counters').downloads.x).toBe(50)
    await reopened.close()
  })
})
