import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bucketOf, entryPath, entryText, oldEntryPath, orderPath, orderText } from '#schema/content-layout.ts'
import { minimalPost as post } from '../testing/test-content.ts'
import { openContentStore, type ContentStore } from './content-store.ts'

/**
 * Edits made outside the API to a post's own file (decision 333) go live through the watcher, not only through the
 * periodic check: the check here runs once an hour and turns over no files (`sweepFiles: 0`), so what these tests
 * see was named by a watch of the post's sub-folder. Real files and watches in a temporary folder.
 */

let dir: string
let store: ContentStore | null = null
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folder-watch-'))
})
afterEach(async () => {
  store?.close()
  store = null
  await rm(dir, { recursive: true, force: true })
})

async function putPosts(ids: string[]) {
  for (const id of ids) {
    await mkdir(join(dir, entryPath('blogs', id), '..'), { recursive: true })
    await writeFile(join(dir, entryPath('blogs', id)), entryText(post(id)))
  }
  await writeFile(join(dir, orderPath('blogs')), orderText(ids))
}
const open = async () =>
  (store = await openContentStore(dir, () => {}, { folders: true, watch: { pollMs: 3_600_000, sweepFiles: 0 } }))
const titleOf = (id: string) => store!.read('blogs').find((p) => p.id === id)?.title
/** Long enough for a watch event and its check on a loaded machine; the periodic check is an hour away. */
const WATCH_WAIT = { timeout: 15_000 }

describe('the watcher and posts stored a file each', () => {
  it('a post’s file written in place (no rename, its folder unchanged) goes live', async () => {
    await putPosts(['b1', 'a2', 'c3'])
    await open()
    const path = join(dir, entryPath('blogs', 'a2'))
    await writeFile(path, entryText(post('a2', { title: 'Yerinde düzeltildi' })))
    await expect.poll(() => titleOf('a2'), WATCH_WAIT).toBe('Yerinde düzeltildi')
    expect(titleOf('b1')).toBe(post('b1').title)
    // A second edit of the same file, as an editor saving twice.
    await writeFile(path, entryText(post('a2', { title: 'İkinci düzeltme' })))
    await expect.poll(() => titleOf('a2'), WATCH_WAIT).toBe('İkinci düzeltme')
  })

  it('a sub-folder made after the start is watched too: a post added there, then edited in place, goes live', async () => {
    await putPosts(['b1'])
    await open()
    await mkdir(join(dir, 'blogs', bucketOf('q1')))
    await writeFile(join(dir, entryPath('blogs', 'q1')), entryText(post('q1')))
    await writeFile(join(dir, orderPath('blogs')), orderText(['q1', 'b1']))
    await expect.poll(() => store!.read('blogs').map((p) => p.id), WATCH_WAIT).toEqual(['q1', 'b1'])
    await writeFile(join(dir, entryPath('blogs', 'q1')), entryText(post('q1', { title: 'Yeni klasörde düzeltildi' })))
    await expect.poll(() => titleOf('q1'), WATCH_WAIT).toBe('Yeni klasörde düzeltildi')
  })

  it('a post file in its old first-character folder (an old clone’s, decision 336) goes live, and its removal too', async () => {
    await putPosts(['b1'])
    await open()
    await mkdir(join(dir, 'blogs', 'q'))
    await writeFile(join(dir, oldEntryPath('blogs', 'q2')), entryText(post('q2', { title: 'Eski klasörde' })))
    await expect.poll(() => titleOf('q2'), WATCH_WAIT).toBe('Eski klasörde')
    await rm(join(dir, oldEntryPath('blogs', 'q2')))
    await expect.poll(() => store!.read('blogs').map((p) => p.id), WATCH_WAIT).toEqual(['b1'])
  })

  it('a save of the API’s own raises no reload: the saved post stays as saved and the file as written', async () => {
    await putPosts(['b1', 'a2'])
    await open()
    await store!.update('blogs', (list) => void (list.find((p) => p.id === 'b1')!.title = 'Yönetimden'))
    // An outside edit after it is still seen (the watch goes on), and the save is not undone by it.
    await writeFile(join(dir, entryPath('blogs', 'a2')), entryText(post('a2', { title: 'Dışarıdan' })))
    await expect.poll(() => titleOf('a2'), WATCH_WAIT).toBe('Dışarıdan')
    expect(titleOf('b1')).toBe('Yönetimden')
    expect(JSON.parse(await readFile(join(dir, entryPath('blogs', 'b1')), 'utf8')).title).toBe('Yönetimden')
  })
})
