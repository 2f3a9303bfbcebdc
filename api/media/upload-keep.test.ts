import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { variantUrl, type MediaItem } from '#schema/media.ts'
import { adminCookie, allUploadFiles, createTestApp, formRequest, jsonRequest, type TestApp } from '../testing/test-helpers.ts'
import { photo, asFile } from '../testing/test-images.ts'
import { PNG } from '../testing/test-media.ts'
import { fileOf as contentFileOf } from '../testing/content-files.ts'
import { sweepLeftovers } from './leftover-sweeper.ts'
import { removeUnusedUploads } from './upload-usage.ts'

let t: TestApp
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
})

const POST = 'blog-e-fatura-rehberi'
const TWO_DAYS_AGO = new Date(Date.now() - 2 * 24 * 3600 * 1000)
const fileOf = (url: string) => join(t.dataDir, 'uploads', url.slice('/uploads/'.length))
const exists = (url: string) =>
  stat(fileOf(url)).then(
    () => true,
    () => false,
  )

/** Uploads an image through the API (original, sized copies and a library record). */
async function upload(cookie: string): Promise<MediaItem> {
  const res = await formRequest(t, 'POST', '/api/upload', { image: asFile(await photo(300, 200, { exif: false }), 'kapak.jpg') }, cookie)
  expect(res.status).toBe(201)
  return (await res.json()).media
}
/** Changes the post through the content store, as the blog routes do (each change is one commit). */
const editPost = (change: (post: { featuredImage: string; title: string; contentStructure: unknown[] }) => void) =>
  t.deps.content.update('blogs', (posts) => void change(posts.find((p) => p.id === POST)!))
const deleteFromLibrary = (cookie: string, url: string) =>
  jsonRequest(t, 'DELETE', `/api/admin/media/${url.slice('/uploads/'.length)}`, undefined, cookie)

// Image uploads (sharp) and git commits: slow on a busy machine, never a timing assertion.
describe('an upload stays while any version uses it', { timeout: 60_000 }, () => {
  it('refuses a media-library delete of an image an old version of a post shows, and says why', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const image = await upload(cookie)
    await editPost((post) => void ((post.featuredImage = image.url), (post.title = 'Görselli yazı')))
    await editPost((post) => void ((post.featuredImage = ''), (post.title = 'Görselsiz yazı')))
    await t.deps.content.settled()
    const files = await allUploadFiles(t)
    const res = await deleteFromLibrary(cookie, image.url)
    expect(res.status).toBe(409)
    const body = await res.json()
    expect(body.message).toBe(`${msg.mediaInHistory} Eski bir sürümde kullanılıyor: "Görselli yazı" (blog yazısı).`)
    expect(await allUploadFiles(t)).toEqual(files)
    const library = (await (await jsonRequest(t, 'GET', '/api/admin/media', undefined, cookie)).json()).data
    expect(library.find((m: { url: string }) => m.url === image.url)).toMatchObject({
      uses: [],
      keptBy: ['Eski bir sürümde kullanılıyor: "Görselli yazı" (blog yazısı)'],
    })
    // An upload no version ever used still goes, with its copies.
    const unused = await upload(cookie)
    expect((await deleteFromLibrary(cookie, unused.url)).status).toBe(200)
    expect(await exists(unused.url)).toBe(false)
  })

  it('keeps an upload that only a text block mentioned, in every delete path', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const inLibrary = await upload(cookie)
    // An upload without a library record (older than the library): the sweeper's case.
    const loose = await t.deps.files.saveUpload(PNG, 'png')
    const text = `Eski görseller: <img src="${inLibrary.url}"> ve ${loose}`
    await editPost((post) => void post.contentStructure.push({ type: 'text', content: text }))
    await editPost((post) => void post.contentStructure.pop())
    await t.deps.content.settled()
    expect((await deleteFromLibrary(cookie, inLibrary.url)).status).toBe(409)
    await removeUnusedUploads(t.deps.content, t.deps.files, [inLibrary.url, loose])
    await utimes(fileOf(loose), TWO_DAYS_AGO, TWO_DAYS_AGO)
    const report = await sweepLeftovers(t.deps.content, t.deps.files, new Date(), { atStart: false })
    expect(report.uploads).toBe(0)
    expect(await exists(inLibrary.url)).toBe(true)
    expect(await exists(loose)).toBe(true)
  })

  it('deletes nothing, by any path, while history cannot be read', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const image = await upload(cookie)
    const loose = await t.deps.files.saveUpload(PNG, 'png')
    await utimes(fileOf(loose), TWO_DAYS_AGO, TWO_DAYS_AGO)
    await t.deps.content.settled()
    const before = await allUploadFiles(t)
    const noGit = await mkdtemp(join(tmpdir(), 'no-git-'))
    const headFile = join(t.contentDir, '.git', 'HEAD')
    const head = await readFile(headFile, 'utf8')
    const path = process.env.PATH
    const breakages: [string, () => Promise<void>, () => Promise<void>][] = [
      ['git missing', async () => void (process.env.PATH = noGit), async () => void (process.env.PATH = path)],
      ['repository broken', () => writeFile(headFile, 'bozuk\n'), () => writeFile(headFile, head)],
    ]
    try {
      for (const [why, breakIt, fixIt] of breakages) {
        await breakIt()
        try {
          const res = await deleteFromLibrary(cookie, image.url)
          expect(res.status, why).toBe(503)
          expect((await res.json()).message).toBe(msg.historyUnreadable)
          await removeUnusedUploads(t.deps.content, t.deps.files, [image.url, loose])
          await expect(sweepLeftovers(t.deps.content, t.deps.files, new Date(), { atStart: false })).rejects.toThrow()
          expect(await allUploadFiles(t), why).toEqual(before)
        } finally {
          await fixIt()
        }
      }
    } finally {
      process.env.PATH = path
      await rm(noGit, { recursive: true, force: true })
    }
    // History readable again: the unused upload may go.
    expect((await deleteFromLibrary(cookie, image.url)).status).toBe(200)
  })

  it('answers 404 to a sized copy’s name and deletes nothing', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const image = await upload(cookie)
    const before = await allUploadFiles(t)
    const copy = variantUrl(image.url, 300, 'avif')
    expect(before).toContain(copy.slice('/uploads/'.length))
    const res = await deleteFromLibrary(cookie, copy)
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe(msg.fileNotFound)
    expect(await allUploadFiles(t)).toEqual(before)
  })

  it('keeps the history’s upload references in the database: a restart scans only new commits', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const image = await upload(cookie)
    await editPost((post) => void (post.featuredImage = image.url))
    await editPost((post) => void (post.featuredImage = ''))
    await t.deps.content.settled()
    await t.deps.content.uploadHistory!.catchUp()
    t.deps.content.close()
    await t.restart()
    await t.deps.content.uploadHistory!.catchUp()
    expect(t.deps.content.uploadHistory!.stats.lastScanCommits).toBe(0)
    expect(t.deps.content.uploadHistory!.refs(image.url)).toEqual([
      // The file of the post's version: the one file, or the post's own file in the folder layout.
      { url: image.url, file: contentFileOf('blogs', POST), commit: expect.stringMatching(/^[0-9a-f]{40}$/) },
    ])
    await editPost((post) => void (post.title = 'Bir kayıt daha'))
    await t.deps.content.settled()
    await t.deps.content.uploadHistory!.catchUp()
    expect(t.deps.content.uploadHistory!.stats.lastScanCommits).toBe(1)
    expect((await deleteFromLibrary(cookie, image.url)).status).toBe(409)
  })
})
