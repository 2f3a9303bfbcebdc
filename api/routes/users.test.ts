import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addUser, createTestApp, jsonRequest, loginCookie, PASSWORD, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

const newUser = { name: 'Ayşe Yılmaz', email: 'Ayse@Ornek.com', password: 'Guclu-Sifre-9' }

async function asSuper() {
  const user = await addUser(t.deps.data, 'superadmin')
  return { user, cookie: await loginCookie(t, user.email) }
}

describe('users: access', () => {
  it('answers 401 without a session on every call', async () => {
    expect((await jsonRequest(t, 'GET', '/api/admin/users')).status).toBe(401)
    expect((await jsonRequest(t, 'POST', '/api/admin/users', newUser)).status).toBe(401)
    expect((await jsonRequest(t, 'PUT', '/api/admin/users/abc', newUser)).status).toBe(401)
    expect((await jsonRequest(t, 'DELETE', '/api/admin/users/abc')).status).toBe(401)
  })

  it('answers 403 to a plain admin on the list, on create, on delete and on editing someone else', async () => {
    const other = await addUser(t.deps.data, 'superadmin')
    const admin = await addUser(t.deps.data, 'admin')
    const cookie = await loginCookie(t, admin.email)
    for (const res of [
      await jsonRequest(t, 'GET', '/api/admin/users', undefined, cookie),
      await jsonRequest(t, 'POST', '/api/admin/users', newUser, cookie),
      await jsonRequest(t, 'DELETE', `/api/admin/users/${other.id}`, undefined, cookie),
      await jsonRequest(t, 'PUT', `/api/admin/users/${other.id}`, { name: 'X', email: other.email }, cookie),
    ]) {
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ success: false, message: 'Bu işlem için yetkiniz yok.' })
    }
    expect(t.deps.data.read('users').find((u) => u.id === other.id)?.name).toBe(other.name)
  })
})

describe('users: superadmin management', () => {
  it('creates a user with role admin by default, hashes the password and never returns it', async () => {
    const { cookie } = await asSuper()
    const res = await jsonRequest(t, 'POST', '/api/admin/users', newUser, cookie)
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body).toMatchObject({ success: true, message: 'Yeni kullanıcı başarıyla oluşturuldu!' })
    expect(body.data).toEqual({
      id: expect.any(String),
      name: 'Ayşe Yılmaz',
      email: 'ayse@ornek.com',
      role: 'admin',
      createdAt: expect.any(String),
    })
    const stored = t.deps.data.read('users').find((u) => u.email === 'ayse@ornek.com')!
    expect(stored.passwordHash).toMatch(/^scrypt\$/)
    expect(JSON.stringify(stored)).not.toContain(newUser.password)
    const list = await (await jsonRequest(t, 'GET', '/api/admin/users', undefined, cookie)).json()
    expect(list.data).toHaveLength(2)
    expect(JSON.stringify(list)).not.toMatch(/scrypt|password/i)
    // The new user can log in with the password given.
    const login = await jsonRequest(t, 'POST', '/api/admin/login', {
      email: 'ayse@ornek.com',
      password: newUser.password,
    })
    expect(login.status).toBe(200)
  })

  it('validates create: name, e-mail and password with Turkish messages', async () => {
    const { cookie } = await asSuper()
    const res = await jsonRequest(
      t,
      'POST',
      '/api/admin/users',
      { name: '  ', email: 'olmaz', password: 'kisa' },
      cookie,
    )
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({
      name: 'Bu alan zorunludur.',
      email: 'Geçerli bir e-posta adresi giriniz.',
      password: 'Şifre en az 8 karakter olmalıdır.',
    })
    const missing = await jsonRequest(
      t,
      'POST',
      '/api/admin/users',
      { name: 'A', email: 'a@ornek.com' },
      cookie,
    )
    expect((await missing.json()).fields).toEqual({ password: 'Bu alan zorunludur.' })
    const role = await jsonRequest(t, 'POST', '/api/admin/users', { ...newUser, role: 'kral' }, cookie)
    expect((await role.json()).fields).toEqual({ role: 'Geçersiz rol.' })
  })

  it('refuses a duplicate e-mail with 409 on create and on edit', async () => {
    const { cookie } = await asSuper()
    const other = await addUser(t.deps.data, 'admin', 'var@ornek.com')
    const res = await jsonRequest(
      t,
      'POST',
      '/api/admin/users',
      { ...newUser, email: 'VAR@ornek.com' },
      cookie,
    )
    expect(res.status).toBe(409)
    expect((await res.json()).message).toBe('Bu e-posta adresi zaten kullanılıyor.')
    const second = await addUser(t.deps.data, 'admin')
    const edit = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${second.id}`,
      { name: 'B', email: other.email },
      cookie,
    )
    expect(edit.status).toBe(409)
  })

  it('edits another user: name, e-mail, role and password; blank password keeps the old one', async () => {
    const { cookie } = await asSuper()
    const other = await addUser(t.deps.data, 'admin')
    const res = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${other.id}`,
      { name: 'Yeni Ad', email: 'yeni@ornek.com', password: '', role: 'superadmin' },
      cookie,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Kullanıcı başarıyla güncellendi!',
      data: { name: 'Yeni Ad', email: 'yeni@ornek.com', role: 'superadmin' },
    })
    expect(
      (await jsonRequest(t, 'POST', '/api/admin/login', { email: 'yeni@ornek.com', password: PASSWORD }))
        .status,
    ).toBe(200)
    await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${other.id}`,
      { name: 'Yeni Ad', email: 'yeni@ornek.com', password: 'Baska-Sifre-2' },
      cookie,
    )
    expect(
      (
        await jsonRequest(t, 'POST', '/api/admin/login', {
          email: 'yeni@ornek.com',
          password: 'Baska-Sifre-2',
        })
      ).status,
    ).toBe(200)
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { cookie } = await asSuper()
    const put = await jsonRequest(
      t,
      'PUT',
      '/api/admin/users/yok',
      { name: 'A', email: 'a@ornek.com' },
      cookie,
    )
    expect(put.status).toBe(404)
    expect((await put.json()).message).toBe('Kayıt bulunamadı.')
    expect((await jsonRequest(t, 'DELETE', '/api/admin/users/yok', undefined, cookie)).status).toBe(404)
    const bad = await jsonRequest(t, 'DELETE', '/api/admin/users/a.b', undefined, cookie)
    expect(bad.status).toBe(400)
    expect((await bad.json()).fields).toEqual({ id: 'Geçersiz kimlik.' })
  })

  it('deletes another user, whose session then stops working; never oneself', async () => {
    const { user, cookie } = await asSuper()
    const other = await addUser(t.deps.data, 'admin')
    const otherCookie = await loginCookie(t, other.email)
    const res = await jsonRequest(t, 'DELETE', `/api/admin/users/${other.id}`, undefined, cookie)
    expect(await res.json()).toEqual({ success: true, message: 'Kullanıcı başarıyla silindi!' })
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, otherCookie)).status).toBe(401)
    const self = await jsonRequest(t, 'DELETE', `/api/admin/users/${user.id}`, undefined, cookie)
    expect(self.status).toBe(400)
    expect((await self.json()).message).toBe('Kendi hesabınızı silemezsiniz.')
  })

  it('keeps the last superadmin: it cannot demote itself', async () => {
    const { user, cookie } = await asSuper()
    const res = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${user.id}`,
      { name: user.name, email: user.email, role: 'admin' },
      cookie,
    )
    expect(res.status).toBe(409)
    expect((await res.json()).message).toBe('Son süper yönetici silinemez veya yetkisi düşürülemez.')
    expect(t.deps.data.read('users')[0]!.role).toBe('superadmin')
    // With a second superadmin the demotion is allowed.
    await addUser(t.deps.data, 'superadmin')
    const ok = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${user.id}`,
      { name: user.name, email: user.email, role: 'admin' },
      cookie,
    )
    expect(ok.status).toBe(200)
  })
})

describe('users: own profile', () => {
  it('lets a plain admin edit their own name, e-mail and password but not their role', async () => {
    const admin = await addUser(t.deps.data, 'admin')
    const cookie = await loginCookie(t, admin.email)
    const res = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${admin.id}`,
      { name: 'Kendim', email: 'kendim@ornek.com', role: 'admin', currentPassword: PASSWORD },
      cookie,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Profiliniz başarıyla güncellendi!',
      data: { name: 'Kendim', email: 'kendim@ornek.com', role: 'admin' },
    })
    const promote = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${admin.id}`,
      { name: 'Kendim', email: 'kendim@ornek.com', role: 'superadmin' },
      cookie,
    )
    expect(promote.status).toBe(403)
    expect(t.deps.data.read('users')[0]!.role).toBe('admin')
  })

  it('validates the profile: name and e-mail required, a short new password refused', async () => {
    const admin = await addUser(t.deps.data, 'admin')
    const cookie = await loginCookie(t, admin.email)
    const res = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${admin.id}`,
      { name: '', email: '', password: 'abc' },
      cookie,
    )
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({
      name: 'Bu alan zorunludur.',
      email: 'Geçerli bir e-posta adresi giriniz.',
      password: 'Şifre en az 8 karakter olmalıdır.',
    })
  })
})

describe('users: persistence and concurrency', () => {
  it('keeps created users across a restart and keeps both of two concurrent creations', async () => {
    const { user, cookie } = await asSuper()
    const [a, b] = await Promise.all([
      jsonRequest(t, 'POST', '/api/admin/users', { ...newUser, email: 'bir@ornek.com' }, cookie),
      jsonRequest(t, 'POST', '/api/admin/users', { ...newUser, email: 'iki@ornek.com' }, cookie),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    await t.restart()
    const list = await (await jsonRequest(t, 'GET', '/api/admin/users', undefined, cookie)).json()
    expect(list.data.map((u: { email: string }) => u.email).sort()).toEqual(
      ['bir@ornek.com', 'iki@ornek.com', user.email].sort(),
    )
  })
})
