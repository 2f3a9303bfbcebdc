import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { addUser, createTestApp, jsonRequest, loginCookie, PASSWORD, type TestApp } from '../api/testing/test-helpers.ts'

// Issue 23: `npm run admin:reset-password -- <e-posta>` lets a locked-out superadmin back in. The real script runs
// as its own process on the app's DATA_DIR while the app keeps its database open, as beside a running server.

const run = promisify(execFile)
const script = join(import.meta.dirname, 'reset-admin-password.ts')
let t: TestApp
afterEach(() => t?.cleanup())

const reset = (email: string) =>
  run(process.execPath, [script, email], { env: { ...process.env, DATA_DIR: t.dataDir, CONTENT_DIR: t.contentDir } })
const login = (email: string, password: string) => jsonRequest(t, 'POST', '/api/admin/login', { email, password })
const cookieOf = (res: Response) => res.headers.get('set-cookie')!.split(';')[0]!

it('sets and prints a one-time password; the superadmin logs in, must choose a new one, then works again', { timeout: 90_000 }, async () => {
  t = await createTestApp()
  const boss = await addUser(t.deps.data, 'superadmin', 'patron@ornek.com')
  const oldSession = await loginCookie(t, boss.email)
  // The password is forgotten: nobody can log in with a guess.
  expect((await login(boss.email, 'unutulan-sifre')).status).toBe(401)

  const { stdout } = await reset('Patron@Ornek.com')
  const temporary = /tek kullanımlık şifre: (\S+)/.exec(stdout)?.[1]
  expect(temporary, stdout).toMatch(/^[A-Za-z0-9_-]{16}$/)
  expect(stdout).toContain('İlk girişte yeni bir şifre belirlemeniz istenecek.')

  // The running app sees the change made by the other process; the old password and session are over.
  expect((await login(boss.email, PASSWORD)).status).toBe(401)
  expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, oldSession)).status).toBe(401)
  const first = await login(boss.email, temporary!)
  expect(first.status).toBe(200)
  expect((await first.json()).data.user).toMatchObject({ email: boss.email, mustChangePassword: true })
  const cookie = cookieOf(first)

  // Before a new password, every other admin call is refused on the server.
  const stats = await jsonRequest(t, 'GET', '/api/admin/stats', undefined, cookie)
  expect(stats.status).toBe(403)
  expect((await stats.json()).message).toBe(msg.passwordChangeRequired)
  const me = await (await jsonRequest(t, 'GET', '/api/admin/me', undefined, cookie)).json()
  expect(me.data.user.mustChangePassword).toBe(true)

  const changed = await jsonRequest(
    t,
    'PUT',
    `/api/admin/users/${boss.id}`,
    { name: boss.name, email: boss.email, role: 'superadmin', password: 'Yeni-Sifre-2026', currentPassword: temporary },
    cookie,
  )
  expect(changed.status, await changed.clone().text()).toBe(200)
  expect((await changed.json()).data).not.toHaveProperty('mustChangePassword')
  const fresh = cookieOf(changed)
  expect((await jsonRequest(t, 'GET', '/api/admin/stats', undefined, fresh)).status).toBe(200)
  // The one-time password was one-time.
  expect((await login(boss.email, temporary!)).status).toBe(401)
  expect((await login(boss.email, 'Yeni-Sifre-2026')).status).toBe(200)

  // The audit log names the reset.
  const log = await (await jsonRequest(t, 'GET', '/api/admin/audit', undefined, fresh)).json()
  const actions = (log.data as { action: string; userEmail: string }[]).map((e) => e.action)
  expect(actions).toContain('Şifresi sunucuda komutla sıfırlandı (tek kullanımlık şifre verildi)')
})

it('names an unknown e-mail and changes nothing', { timeout: 60_000 }, async () => {
  t = await createTestApp()
  const boss = await addUser(t.deps.data, 'superadmin', 'patron@ornek.com')
  const failed = await reset('kimse@ornek.com').catch((err: { code: number; stderr: string }) => err)
  expect(failed).toMatchObject({ code: 1 })
  expect((failed as { stderr: string }).stderr).toContain('Bu e-posta ile bir yönetici bulunamadı: kimse@ornek.com')
  expect((await login(boss.email, PASSWORD)).status).toBe(200)
})
