import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { allCopiesStored } from '../media/media-library.ts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import {
  addUser,
  adminCookie,
  allUploadFiles,
  createTestApp,
  formRequest,
  jsonRequest,
  loginCookie,
  type TestApp,
} from '../testing/test-helpers.ts'
import { asFile, photo } from '../testing/test-images.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
})
afterEach(() => t.cleanup())

type Entry = { url: string; alt: string; widths: number[]; uses: { area: string; title: string }[] }
const list = async (session = cookie): Promise<Entry[]> =>
  (await (await jsonRequest(t, 'GET', '/api/admin/media', undefined, session)).json()).data
async function uploadPhoto(): Promise<string> {
  const res = await formRequest(
    t,
    'POST',
    '/api/upload',
    { image: asFile(await photo(900, 600), 'a.jpg') },
    cookie,
  )
  // The upload answers before its other sizes exist (issue 23): these tests need them all.
  await allCopiesStored()
  return (await res.json()).imageUrl
}

describe('media library API', () => {
  it('lists the demo images with their sizes and where each is used', async () => {
    const entries = await list()
    const cover = entries.find((e) => e.url === '/demo/blog-e-fatura-kapak.webp')!
    expect(cover.widths).toEqual([400, 800, 1200])
    expect(cover.uses).toContainEqual(
      expect.objectContaining({ area: 'Blog yazısı', title: expect.stringContaining('e-Fatura') }),
    )
    const at = (url: string) => entries.find((e) => e.url === url)!.uses.map((u) => u.area)
    expect(at('/demo/banner.webp')).toEqual(['Anasayfa banner'])
    expect(at('/demo/about-ekip.webp')).toContain('Biz Kimiz bölüm 1')
    expect(at('/demo/slider-1.webp')).toEqual(['Referans slider'])
    expect(entries.find((e) => e.url === '/demo/partner-dia.webp')!.uses).toEqual([
      { area: 'Anasayfa partner kartı', title: expect.any(String), path: '/anasayfa-duzenle' },
    ])
  })

  it('answers an upload with the original and the 800 px copies; the other sizes follow, then the record lists them', async () => {
    const res = await formRequest(t, 'POST', '/api/upload', { image: asFile(await photo(2400, 1600), 'b.jpg') }, cookie)
    expect(res.status).toBe(201)
    const body = await res.json()
    // Only what exists is listed: no page refers to a size not yet made.
    expect(body.media.widths).toEqual([800])
    const files = async () => (await readdir(join(t.dataDir, 'uploads'))).filter((f) => f.startsWith(body.imageUrl.slice(9, -4)))
    for (const f of ['800w.avif', '800w.webp']) expect(await files()).toContainEqual(expect.stringContaining(f))
    const ready = async () =>
      (await (await jsonRequest(t, 'GET', `/api/admin/media/ready?url=${encodeURIComponent(body.imageUrl)}`, undefined, cookie)).json())
    if (body.pending) expect((await ready()).ready).toBe(false)
    await allCopiesStored()
    const done = await ready()
    expect(done).toMatchObject({ ready: true, media: { widths: [400, 800, 1200, 1920] } })
    expect(await files()).toHaveLength(1 + 8)
    expect(t.deps.content.read('media').find((m) => m.url === body.imageUrl)!.widths).toEqual([400, 800, 1200, 1920])
  })

  it('lists a new upload first, unused; keeps its alt text', async () => {
    const url = await uploadPhoto()
    const [first] = await list()
    expect(first).toMatchObject({ url, uses: [], widths: [400, 800, 900] })
    const res = await jsonRequest(
      t,
      'PUT',
      '/api/admin/media/alt',
      { url, alt: '  Ekip toplantısı ' },
      cookie,
    )
    expect(await res.json()).toEqual({ success: true, message: msg.mediaAltSaved })
    await t.restart()
    expect((await list())[0]!.alt).toBe('Ekip toplantısı')
    const missing = await jsonRequest(
      t,
      'PUT',
      '/api/admin/media/alt',
      { url: '/uploads/yok.png', alt: 'x' },
      cookie,
    )
    expect(missing.status).toBe(404)
  })

  it('deletes an unused upload with its copies and record; a used one is refused with its uses', async () => {
    const unused = await uploadPhoto()
    const used = await uploadPhoto()
    await t.deps.content.update('about', (about) => void (about.image2 = used))
    const name = (url: string) => url.slice('/uploads/'.length)

    const refused = await jsonRequest(t, 'DELETE', `/api/admin/media/${name(used)}`, undefined, cookie)
    expect(refused.status).toBe(409)
    expect(await refused.json()).toEqual({
      success: false,
      message: msg.mediaInUse,
      uses: [{ area: 'Biz Kimiz bölüm 2', title: '', path: '/hakkimizda-duzenle' }],
    })

    const done = await jsonRequest(t, 'DELETE', `/api/admin/media/${name(unused)}`, undefined, cookie)
    expect(await done.json()).toEqual({ success: true, message: msg.mediaDeleted })
    const stem = name(unused).replace('.jpg', '')
    expect((await allUploadFiles(t)).filter((n) => n.startsWith(stem))).toEqual([])
    expect(
      (await allUploadFiles(t)).filter((n) => n.startsWith(name(used).replace('.jpg', ''))),
    ).toHaveLength(7)
    expect((await list()).map((e) => e.url)).not.toContain(unused)
    expect(
      (await jsonRequest(t, 'DELETE', `/api/admin/media/${name(unused)}`, undefined, cookie)).status,
    ).toBe(404)
    expect(
      (await jsonRequest(t, 'DELETE', '/api/admin/media/..%2Fusers.json', undefined, cookie)).status,
    ).toBe(404)
  })

  it('removes the copies when content drops an upload', async () => {
    const url = await uploadPhoto()
    await jsonRequest(t, 'PUT', '/api/admin/anasayfa/about', { image: url }, cookie)
    expect((await list()).find((e) => e.url === url)!.uses.map((u) => u.area)).toEqual([
      'Anasayfa hakkımızda',
    ])
    const res = await jsonRequest(t, 'PUT', '/api/admin/anasayfa/about', { image: '' }, cookie)
    expect(res.status).toBe(200)
    expect(await allUploadFiles(t)).toEqual([])
    expect(t.deps.content.read('media').some((item) => item.url === url)).toBe(false)
  })

  it('needs an admin session', async () => {
    expect((await jsonRequest(t, 'GET', '/api/admin/media')).status).toBe(401)
    const superadmin = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
    expect((await jsonRequest(t, 'GET', '/api/admin/media', undefined, superadmin)).status).toBe(200)
  })
})
