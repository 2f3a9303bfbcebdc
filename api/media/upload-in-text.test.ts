import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { adminCookie, allUploadFiles, createTestApp, formRequest, jsonRequest, type TestApp } from '../testing/test-helpers.ts'
import { asFile, photo } from '../testing/test-images.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
})
afterEach(() => t.cleanup())

async function uploadPhoto(): Promise<string> {
  const res = await formRequest(t, 'POST', '/api/upload', { image: asFile(await photo(900, 600), 'a.jpg') }, cookie)
  return (await res.json()).imageUrl
}
const stem = (url: string) => url.slice('/uploads/'.length).replace(/\.[a-z]+$/, '')
const filesOf = async (url: string) => (await allUploadFiles(t)).filter((n) => n.startsWith(stem(url)))
/** Saves a blog post through the admin API with one text block (and no image fields). */
const saveText = (id: string, text: string) =>
  formRequest(
    t,
    'PUT',
    `/api/admin/blogs/${id}`,
    {
      title: 'Metinde görsel',
      excerpt: 'Özet',
      author: 'Yazar',
      contentStructure: JSON.stringify([{ type: 'text', content: text }]),
    },
    cookie,
  )

// Issue 20: a weakened media delete guard (one that looks only at image fields) went unnoticed: no test had an
// upload referred to only inside a text. Such an upload is in use: it must not be deletable, and a save that drops
// it from the image fields must not remove it while a text still shows it.
describe('an upload referred to only inside a text field', () => {
  it('as an <img> in a blog post text: the media library refuses to delete it (409) and keeps every copy', async () => {
    const url = await uploadPhoto()
    const copies = await filesOf(url)
    expect(copies.length).toBeGreaterThan(1)
    expect((await saveText('blog-e-fatura-rehberi', `Önce <img src="${url}" alt="şema"> sonra.`)).status).toBe(200)
    const post = t.deps.content.read('blogs').find((p) => p.id === 'blog-e-fatura-rehberi')!
    expect(post.images).not.toContain(url)
    const res = await jsonRequest(t, 'DELETE', `/api/admin/media/${url.slice('/uploads/'.length)}`, undefined, cookie)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ success: false, message: msg.mediaInUse })
    expect(await filesOf(url)).toEqual(copies)
    expect(t.deps.content.read('media').some((m) => m.url === url)).toBe(true)
  })

  it('as a full address inside an about text: refused too', async () => {
    const url = await uploadPhoto()
    await t.deps.content.update(
      'about',
      (about) => void (about.description2 = `Broşür görseli: https://www.ornek.com.tr${url} (indirilebilir)`),
    )
    const res = await jsonRequest(t, 'DELETE', `/api/admin/media/${url.slice('/uploads/'.length)}`, undefined, cookie)
    expect(res.status).toBe(409)
    expect((await filesOf(url)).length).toBeGreaterThan(1)
  })

  it('a save that drops it from the image fields keeps it while a text still shows it', async () => {
    const url = await uploadPhoto()
    // First an image field and the text refer to it, then only the text.
    await t.deps.content.update('blogs', (posts) => {
      const post = posts.find((p) => p.id === 'blog-e-imza-nedir')!
      post.featuredImage = url
      post.images = [url]
    })
    const copies = await filesOf(url)
    expect((await saveText('blog-e-imza-nedir', `Bakınız: <img src="${url}">`)).status).toBe(200)
    expect(await filesOf(url)).toEqual(copies)
    const res = await jsonRequest(t, 'DELETE', `/api/admin/media/${url.slice('/uploads/'.length)}`, undefined, cookie)
    expect(res.status).toBe(409)
  })
})
