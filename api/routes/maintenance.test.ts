import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

const status = async () => (await jsonRequest(t, 'GET', '/api/maintenance')).json()

describe('maintenance mode', () => {
  it('is off by default and public to read', async () => {
    expect(await status()).toEqual({ success: true, maintenanceMode: false })
  })

  it('an admin turns it on and off; the state is stored and survives a restart', async () => {
    const on = await jsonRequest(t, 'POST', '/api/admin/maintenance', { enabled: true }, cookie)
    expect(await on.json()).toEqual({ success: true, maintenanceMode: true, message: 'Bakım modu açıldı.' })
    expect(t.deps.data.read('state').maintenanceMode).toBe(true)
    await t.restart()
    expect(await status()).toEqual({ success: true, maintenanceMode: true })
    const off = await jsonRequest(t, 'POST', '/api/admin/maintenance', { enabled: false }, cookie)
    expect(await off.json()).toEqual({
      success: true,
      maintenanceMode: false,
      message: 'Bakım modu kapatıldı.',
    })
    expect(await status()).toEqual({ success: true, maintenanceMode: false })
  })

  it('requires a boolean `enabled`', async () => {
    for (const body of [{}, { enabled: 'true' }, { enabled: 1 }]) {
      const res = await jsonRequest(t, 'POST', '/api/admin/maintenance', body, cookie)
      expect(res.status).toBe(400)
      expect((await res.json()).fields).toEqual({ enabled: 'Bu alan zorunludur.' })
    }
    expect(await status()).toEqual({ success: true, maintenanceMode: false })
  })

  it('refuses the toggle without an admin session and with a library session', async () => {
    expect((await jsonRequest(t, 'POST', '/api/admin/maintenance', { enabled: true })).status).toBe(401)
    const member = await addMember(t.deps.data, 'library_admin')
    const libraryCookie = await loginCookie(t, member.email, '/api/library/login')
    expect(
      (await jsonRequest(t, 'POST', '/api/admin/maintenance', { enabled: true }, libraryCookie)).status,
    ).toBe(401)
    expect(await status()).toEqual({ success: true, maintenanceMode: false })
  })
})
