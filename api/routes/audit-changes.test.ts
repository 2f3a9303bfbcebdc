import { afterEach, beforeEach, expect, it } from 'vitest'
import { addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

// Issue 30: 'Ayrıntılar' says in words what was changed: the fields a save changed, by the names the forms show,
// for every admin (the request line stays a superadmin's 'Teknik ayrıntı'); never a value, never a password.

let t: TestApp
let cookie: string
let adminCookie: string
beforeEach(async () => {
  t = await createTestApp()
  const boss = await addUser(t.deps.data, 'superadmin', 'patron@ornek.com')
  cookie = await loginCookie(t, boss.email)
  adminCookie = await loginCookie(t, (await addUser(t.deps.data, 'admin', 'ayse@ornek.com')).email)
})
afterEach(() => t.cleanup())

type Entry = { action: string; changes?: string[]; method?: string }
const log = async (): Promise<Entry[]> =>
  (await (await jsonRequest(t, 'GET', '/api/admin/audit', undefined, cookie)).json()).data
const recent = async (as: string): Promise<Entry[]> =>
  (await (await jsonRequest(t, 'GET', '/api/admin/audit/recent', undefined, as)).json()).data

it('lists the changed home fields by their Turkish names, a button one level deep', async () => {
  const res = await jsonRequest(
    t,
    'PUT',
    '/api/admin/anasayfa/banner',
    { title: 'Yeni Başlık', subtitle: 'Yeni alt başlık', button1: { text: 'İndir' } },
    adminCookie,
  )
  expect(res.status).toBe(200)
  const [entry] = await log()
  expect(entry!.action).toContain('Banner')
  expect(entry!.changes).toEqual(['Başlık', 'Alt başlık', '1. buton › Metin'])
  // Saving the same values again changes nothing: no field is named.
  await jsonRequest(t, 'PUT', '/api/admin/anasayfa/banner', { title: 'Yeni Başlık' }, adminCookie)
  expect((await log())[0]).not.toHaveProperty('changes')
  // Every admin sees the field names on the dashboard's list; the request line only a superadmin.
  const mine = (await recent(adminCookie)).find((e) => e.changes)
  expect(mine).toMatchObject({ changes: ['Başlık', 'Alt başlık', '1. buton › Metin'] })
  expect(mine).not.toHaveProperty('method')
})

it("names a contact settings field, and a user's password without its value", async () => {
  const settings = (await (await jsonRequest(t, 'GET', '/api/contact-settings')).json()).data
  const form = new FormData()
  for (const [k, v] of Object.entries({ ...settings, phone: '0212 555 00 00' }))
    form.append(k, typeof v === 'string' ? v : JSON.stringify(v))
  const saved = await t.app.request('/api/admin/contact-settings', { method: 'PUT', headers: { cookie }, body: form })
  expect(saved.status).toBe(200)
  expect((await log())[0]!.changes).toEqual(['Telefon'])

  const user = await addUser(t.deps.data, 'admin', 'mehmet@ornek.com')
  const put = await jsonRequest(
    t,
    'PUT',
    `/api/admin/users/${user.id}`,
    { name: 'Mehmet Kaya', email: 'mehmet@ornek.com', password: 'YeniSifre123!' },
    cookie,
  )
  expect(put.status).toBe(200)
  const [entry] = await log()
  expect(entry!.changes).toEqual(['Ad', 'Şifre'])
  expect(JSON.stringify(await log())).not.toContain('YeniSifre123!')
})

it('names nothing for a refused save', async () => {
  const res = await jsonRequest(t, 'PUT', '/api/admin/anasayfa/banner', { title: '' }, adminCookie)
  expect(res.status).toBe(400)
  expect((await log()).every((e) => !e.changes)).toBe(true)
})

it('names the fields of a post saved through its form', async () => {
  const post = t.deps.content.read('blogs')[0]!
  const save = (title: string, excerpt: string) => {
    const form = new FormData()
    const fields = { title, excerpt, author: 'Yazar', contentStructure: JSON.stringify([{ type: 'text', content: 'Metin' }]) }
    for (const [k, v] of Object.entries(fields)) form.append(k, v)
    return t.app.request(`/api/admin/blogs/${post.id}`, { method: 'PUT', headers: { cookie }, body: form })
  }
  expect((await save('Birinci başlık', 'Özet')).status).toBe(200)
  // Whatever the first save changed, each name is a form's Turkish one.
  expect((await log())[0]!.changes).toEqual(expect.arrayContaining(['Başlık', 'Özet', 'İçerik alanları']))
  expect((await save('İkinci başlık', 'Özet')).status).toBe(200)
  expect((await log())[0]!.changes).toEqual(['Başlık'])
  expect((await save('İkinci başlık', 'Yeni özet')).status).toBe(200)
  expect((await log())[0]!.changes).toEqual(['Özet'])
})
