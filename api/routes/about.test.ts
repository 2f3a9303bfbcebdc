import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

const BASE = '/api/admin/hakkimizda'
const about = {
  title1: '',
  title2: 'Biz Kimiz?',
  description1: 'Dijital dönüşümde yanınızdayız.',
  image1: '/uploads/abcdefghijkl.png',
  title3: 'Vizyonumuz',
  description2: 'Kağıtsız bir gelecek.',
  image2: 'https://cdn.ornek.com/vizyon.jpg',
}
const read = async () => (await jsonRequest(t, 'GET', BASE)).json()

describe('who-are-we content', () => {
  it('GET is public and returns the seven fields with no wrapper', async () => {
    const res = await jsonRequest(t, 'GET', BASE)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(Object.keys(body).sort()).toEqual([
      'description1',
      'description2',
      'image1',
      'image2',
      'title1',
      'title2',
      'title3',
    ])
    expect(body).toEqual(t.deps.content.read('about'))
  })

  it('POST creates and PUT updates; both save all fields, rebuild the site and survive a restart', async () => {
    await t.deps.content.update(
      'about',
      (a) => void Object.keys(a).forEach((k) => ((a as Record<string, string>)[k] = '')),
    )
    const created = await jsonRequest(t, 'POST', BASE, about, cookie)
    expect(created.status).toBe(201)
    expect(await created.json()).toEqual({ success: true, message: 'Başarıyla Kaydedildi!', data: about })
    expect(t.changes).toContain('about')
    const changed = { ...about, title3: '', description2: '', image2: '' }
    const updated = await jsonRequest(t, 'PUT', BASE, changed, cookie)
    expect(await updated.json()).toEqual({ success: true, message: 'Başarıyla Güncellendi!', data: changed })
    await t.restart()
    expect(await read()).toEqual(changed)
  })

  it('fills missing fields with empty text and refuses image paths that are not URLs or ours', async () => {
    const res = await jsonRequest(t, 'PUT', BASE, { title2: 'Yalnız başlık' }, cookie)
    expect((await res.json()).data).toEqual({
      title1: '',
      title2: 'Yalnız başlık',
      description1: '',
      image1: '',
      title3: '',
      description2: '',
      image2: '',
    })
    const before = await read()
    const bad = await jsonRequest(
      t,
      'PUT',
      BASE,
      { ...about, image1: 'javascript:alert(1)', image2: '/uploads/../../etc/passwd' },
      cookie,
    )
    expect(bad.status).toBe(400)
    expect((await bad.json()).fields).toEqual({
      image1: 'Bölüm 1 görseli için yüklenmiş bir dosya ya da https:// ile başlayan bir bağlantı seçin.',
      image2: 'Bölüm 2 görseli için yüklenmiş bir dosya ya da https:// ile başlayan bir bağlantı seçin.',
    })
    expect(await read()).toEqual(before)
  })

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.request(BASE, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Geçersiz istek gövdesi.')
  })

  it('needs an admin session to write: 401 without one and for a library member session', async () => {
    const before = await read()
    expect((await jsonRequest(t, 'PUT', BASE, about)).status).toBe(401)
    expect((await jsonRequest(t, 'POST', BASE, about)).status).toBe(401)
    const member = await addMember(t.deps.data, 'library_admin')
    const libraryCookie = await loginCookie(t, member.email, '/api/library/login')
    expect((await jsonRequest(t, 'PUT', BASE, about, libraryCookie)).status).toBe(401)
    expect(await read()).toEqual(before)
  })
})
