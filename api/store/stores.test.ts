import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openContentStore } from './content-store.ts'
import { withTestLayout } from '../testing/content-files.ts'
import { openDataStore } from './data-store.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'store-test-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

describe('content store', () => {
  it('keeps both of two concurrent saves, reports each change and survives a reopen', async () => {
    const changes: string[] = []
    const store = await openContentStore(dir, (name) => changes.push(name), withTestLayout())
    await Promise.all([
      store.update('references', (r) => void r.sliderImages.push('/demo/a.webp')),
      store.update('references', (r) => void r.sliderImages.push('/demo/b.webp')),
      store.update('contact-settings', (s) => void (s.title = 'Başlık')),
    ])
    expect(changes.sort()).toEqual(['contact-settings', 'references', 'references'])
    const reopened = await openContentStore(dir, () => {}, withTestLayout())
    expect(reopened.read('references').sliderImages).toEqual(['/demo/a.webp', '/demo/b.webp'])
    expect(reopened.read('contact-settings').title).toBe('Başlık')
    // Written through a temp file and a rename: no temp file is left behind, the JSON is whole and indented.
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(await readFile(join(dir, 'references.json'), 'utf8')).toMatch(/^\{\n {2}"cards"/)
  })

  it('starts from empty shapes when the files do not exist yet', async () => {
    const store = await openContentStore(dir, () => {}, withTestLayout())
    expect(store.read('blogs')).toEqual([])
    expect(store.read('home').banner.button1).toEqual({ text: 'Programlar', link: '/programlar' })
  })
})

describe('content store in a folder that git has not seen yet', () => {
  // The first start of a folder with content and no repository: the store makes the repository and commits the
  // files as they are. A save made right after the start must come after that first commit, not inside it, else
  // the start's recovery commits the old bytes back as a 'kurtarıldı' version over the save (found in session 7).
  it('a save right after the start is its own commit after the first one, with nothing recovered', async () => {
    await writeFile(join(dir, 'contact-settings.json'), JSON.stringify({ title: 'Eski başlık' }, null, 2) + '\n')
    const store = await openContentStore(dir, () => {}, withTestLayout({ git: { commits: 'always' } }))
    await store.update('contact-settings', (s) => void (s.title = 'Yeni başlık'))
    await store.settled()
    store.close()
    const log = execFileSync('git', ['log', '--format=%s', '--', 'contact-settings.json'], { cwd: dir, encoding: 'utf8' })
    const subjects = log.trim().split('\n')
    expect(subjects.at(-1)).toBe('İçerik deposu oluşturuldu')
    expect(subjects.filter((s) => s.includes('kurtarıldı'))).toEqual([])
    expect(subjects).toHaveLength(2)
    const first = execFileSync('git', ['show', `HEAD~1:contact-settings.json`], { cwd: dir, encoding: 'utf8' })
    expect(JSON.parse(first).title).toBe('Eski başlık')
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
