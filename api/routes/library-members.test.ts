import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

const BASE = '/api/admin/library-members'
const input = { name: 'Okur Bir', email: 'Okur@Ornek.com', password: 'Uye-Sifresi-1', role: 'member' }

describe('library members', () => {
  it('an admin adds, lists, edits and deletes a member; the password is hashed and never returned', async () => {
    const created = await jsonRequest(t, 'POST', BASE, input, cookie)
    expect(created.status).toBe(201)
    const body = await created.json()
    expect(body).toEqual({
      success: true,
      message: 'Üye başarıyla eklendi!',
      data: {
        id: expect.any(String),
        name: 'Okur Bir',
        email: 'okur@ornek.com',
        role: 'member',
        created_at: expect.any(String),
      },
    })
    expect(t.deps.data.read('members')[0]!.passwordHash).toMatch(/^scrypt\$/)
    const list = await (await jsonRequest(t, 'GET', BASE, undefined, cookie)).json()
    expect(list).toEqual({ success: true, members: [body.data] })
    expect(JSON.stringify(list)).not.toMatch(/scrypt|password/i)

    const edit = {
      name: 'Okur İki',
      email: 'iki@ornek.com',
      password: 'Yeni-Sifre-22',
      role: 'library_admin',
    }
    const updated = await jsonRequest(t, 'PUT', `${BASE}/${body.data.id}`, edit, cookie)
    expect(await updated.json()).toMatchObject({
      success: true,
      message: 'Üye başarıyla güncellendi!',
      data: { name: 'Okur İki', role: 'library_admin' },
    })
    // The member logs in with the new password.
    const login = await jsonRequest(t, 'POST', '/api/library/login', {
      email: 'iki@ornek.com',
      password: 'Yeni-Sifre-22',
    })
    expect(login.status).toBe(200)

    const deleted = await jsonRequest(t, 'DELETE', `${BASE}/${body.data.id}`, undefined, cookie)
    expect(await deleted.json()).toEqual({ success: true, message: 'Üye başarıyla silindi!' })
    expect(t.deps.data.read('members')).toEqual([])
  })

  it('validates name, e-mail, password (also on edit) and role', async () => {
    const res = await jsonRequest(
      t,
      'POST',
      BASE,
      { name: '', email: 'x', password: 'kisa', role: 'kral' },
      cookie,
    )
    expect(res.status).toBe(400)
    const fields = (await res.json()).fields
    expect(fields).toMatchObject({
      name: 'Bu alan zorunludur.',
      email: 'Geçerli bir e-posta adresi giriniz.',
      password: 'Şifre en az 8 karakter olmalıdır.',
    })
    expect(fields.role).toBe('Geçersiz rol.')
    const member = await addMember(t.deps.data)
    const edit = await jsonRequest(
      t,
      'PUT',
      `${BASE}/${member.id}`,
      { name: 'A', email: member.email },
      cookie,
    )
    expect(edit.status).toBe(400)
    expect((await edit.json()).fields).toEqual({ password: 'Bu alan zorunludur.' })
  })

  it('refuses a duplicate e-mail with 409 on add and on edit', async () => {
    const a = await addMember(t.deps.data, 'member', 'a@ornek.com')
    await addMember(t.deps.data, 'member', 'b@ornek.com')
    const add = await jsonRequest(t, 'POST', BASE, { ...input, email: 'A@ornek.com' }, cookie)
    expect(add.status).toBe(409)
    expect((await add.json()).message).toBe('Bu e-posta adresi zaten kullanılıyor.')
    const edit = await jsonRequest(t, 'PUT', `${BASE}/${a.id}`, { ...input, email: 'b@ornek.com' }, cookie)
    expect(edit.status).toBe(409)
    // Keeping one's own e-mail is no conflict.
    expect(
      (await jsonRequest(t, 'PUT', `${BASE}/${a.id}`, { ...input, email: 'a@ornek.com' }, cookie)).status,
    ).toBe(200)
  })

  it('answers 404 for an unknown member', async () => {
    const put = await jsonRequest(t, 'PUT', `${BASE}/yok`, input, cookie)
    expect(put.status).toBe(404)
    expect((await put.json()).message).toBe('Kayıt bulunamadı.')
    expect((await jsonRequest(t, 'DELETE', `${BASE}/yok`, undefined, cookie)).status).toBe(404)
  })

  it('needs an admin session: 401 without one and for a library_admin member session', async () => {
    expect((await jsonRequest(t, 'GET', BASE)).status).toBe(401)
    expect((await jsonRequest(t, 'POST', BASE, input)).status).toBe(401)
    const member = await addMember(t.deps.data, 'library_admin')
    const libraryCookie = await loginCookie(t, member.email, '/api/library/login')
    expect((await jsonRequest(t, 'GET', BASE, undefined, libraryCookie)).status).toBe(401)
    expect((await jsonRequest(t, 'DELETE', `${BASE}/${member.id}`, undefined, libraryCookie)).status).toBe(
      401,
    )
    expect(t.deps.data.read('members')).toHaveLength(1)
  })

  it('keeps both of two concurrent creations, across a restart', async () => {
    const [a, b] = await Promise.all([
      jsonRequest(t, 'POST', BASE, { ...input, email: 'bir@ornek.com' }, cookie),
      jsonRequest(t, 'POST', BASE, { ...input, email: 'iki@ornek.com' }, cookie),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    await t.restart()
    const list = await (await jsonRequest(t, 'GET', BASE, undefined, cookie)).json()
    expect(list.members.map((m: { email: string }) => m.email).sort()).toEqual([
      'bir@ornek.com',
      'iki@ornek.com',
    ])
  })
})
