import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
afterEach(() => t.cleanup())

/** Bytes of every file under a folder (the database, its WAL, uploads). */
async function folderBytes(dir: string): Promise<number> {
  let total = 0
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, e.name)
    total += e.isDirectory() ? await folderBytes(path) : (await stat(path)).size
  }
  return total
}

const login = (email: string, password = 'yanlis-sifre-1') =>
  jsonRequest(t, 'POST', '/api/admin/login', { email, password })

type Entry = { action: string; userEmail: string | null; status: number }
const recent = async (cookie: string) => {
  const res = await jsonRequest(t, 'GET', '/api/admin/audit/recent', undefined, cookie)
  expect(res.status).toBe(200)
  return (await res.json()).data as Entry[]
}

// Issue 20: failed logins were audited before validation with the raw e-mail, and 400 answers were not limited:
// 40 requests with a 250 KB "e-mail" grew DATA_DIR from 324 KB to 24 MB and put ten 250 KB rows into every
// admin's 'Son işlemler'.
describe('logins from people without an account cannot fill the disk or the audit log', () => {
  it('40 logins with a 250 KB e-mail: 400 up to the address limit, then 429, little disk, no such row', async () => {
    t = await createTestApp()
    const boss = await addUser(t.deps.data, 'superadmin', 'patron@ornek.com')
    const cookie = await loginCookie(t, boss.email)
    const before = await folderBytes(t.dataDir)
    const huge = `${'a'.repeat(250 * 1024)}@ornek.com`
    const statuses: number[] = []
    for (let i = 0; i < 40; i++) statuses.push((await login(huge)).status)
    // The address limit of decision 016: five per (address, e-mail) times four per address.
    const limit = t.deps.loginLimiter.limit * 4
    expect(statuses).toEqual([...Array(limit).fill(400), ...Array(40 - limit).fill(429)])
    // One 250 KB row would be 250 KB; 40 of them 10 MB. A few pages of WAL at most.
    expect(await folderBytes(t.dataDir)).toBeLessThan(before + 64 * 1024)
    const rows = await recent(cookie)
    expect(rows.every((r) => JSON.stringify(r).length < 1000)).toBe(true)
    expect(rows.filter((r) => r.action.startsWith('Giriş yapamadı'))).toEqual([])
    const longest = t.deps.data.db.prepare('SELECT max(length(user_email)) AS n FROM audit_log').get()?.n
    expect(Number(longest ?? 0)).toBeLessThanOrEqual(254)
  })

  it('a valid e-mail padded with 200 KB of spaces is recorded as the address itself', async () => {
    t = await createTestApp()
    const boss = await addUser(t.deps.data, 'superadmin', 'patron@ornek.com')
    const cookie = await loginCookie(t, boss.email)
    expect((await login(`${' '.repeat(200 * 1024)}Kimse@Ornek.com`)).status).toBe(401)
    const failed = (await recent(cookie)).find((r) => r.action.startsWith('Giriş yapamadı'))!
    expect(failed.userEmail).toBe('kimse@ornek.com')
  })

  // The default body limit answers 413 before any route runs: the login limit sits in front of it (app.ts).
  it('logins with a body over the 256 KB limit (413) count toward the address limit, then 429', async () => {
    t = await createTestApp()
    const huge = `${'a'.repeat(300 * 1024)}@ornek.com`
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) statuses.push((await login(huge)).status)
    const limit = t.deps.loginLimiter.limit * 4
    expect(statuses).toEqual([...Array(limit).fill(413), ...Array(25 - limit).fill(429)])
    const library: number[] = []
    for (let i = 0; i < 25; i++)
      library.push((await jsonRequest(t, 'POST', '/api/library/login', { email: huge, password: 'x' })).status)
    // The library's logins are limited on their own (decision 016), the same way.
    expect(library).toEqual([...Array(limit).fill(413), ...Array(25 - limit).fill(429)])
  })

  it('the library login counts malformed attempts against the address too', async () => {
    t = await createTestApp()
    const statuses: number[] = []
    for (let i = 0; i < 25; i++)
      statuses.push((await jsonRequest(t, 'POST', '/api/library/login', { email: 'yok', password: 'x' })).status)
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400))
    expect(statuses.slice(20)).toEqual(Array(5).fill(429))
  })
})

describe('the audit log keeps what its retention says', () => {
  // Validation keeps a login's e-mail short; the store caps every text whatever a caller passes.
  it('caps every text it stores (an e-mail at 254 characters, the rest at most 500)', async () => {
    t = await createTestApp()
    const huge = 'a'.repeat(250 * 1024)
    await t.deps.data.audit.add({
      at: new Date().toISOString(),
      userId: huge,
      userName: huge,
      userEmail: `${huge}@ornek.com`,
      action: huge,
      method: huge,
      path: `/api/admin/${huge}`,
      status: 400,
      address: huge,
    })
    const row = t.deps.data.db
      .prepare(
        `SELECT length(user_id) a, length(user_name) b, length(user_email) email, length(action) c, length(method) d,
           length(path) e, length(address) f FROM audit_log`,
      )
      .get()!
    expect(Number(row.email)).toBeLessThanOrEqual(254)
    for (const n of Object.values(row)) expect(Number(n)).toBeLessThanOrEqual(500)
  })

  it('at most AUDIT_KEEP_ROWS entries, the newest, and none older than AUDIT_KEEP_DAYS', async () => {
    let now = new Date('2026-01-01T10:00:00Z')
    t = await createTestApp({ auditRetention: { days: 30, rows: 5 }, now: () => now })
    const boss = await addUser(t.deps.data, 'superadmin', 'patron@ornek.com')
    await loginCookie(t, boss.email)
    for (let i = 0; i < 8; i++) expect((await login(`kisi${i}@ornek.com`)).status).toBe(401)
    const emails = () =>
      t.deps.data.db
        .prepare('SELECT user_email FROM audit_log ORDER BY id')
        .all()
        .map((r) => r.user_email)
    expect(emails()).toEqual(['kisi3@ornek.com', 'kisi4@ornek.com', 'kisi5@ornek.com', 'kisi6@ornek.com', 'kisi7@ornek.com'])
    // 40 days later one new entry: the old ones are past the 30 days kept.
    now = new Date('2026-02-10T10:00:00Z')
    expect((await login('yeni@ornek.com')).status).toBe(401)
    expect(emails()).toEqual(['yeni@ornek.com'])
    // The dashboard's 'Son işlemler' reads the same table (the session of 40 days ago has expired: log in again).
    const fresh = await loginCookie(t, boss.email)
    expect((await recent(fresh)).map((r) => r.userEmail)).toEqual(['patron@ornek.com', 'yeni@ornek.com'])
  })
})
