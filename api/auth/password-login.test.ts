import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, jsonRequest, PASSWORD, type TestApp } from '../test-helpers.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

const login = async (path: string, email: string, password: string) =>
  jsonRequest(t, 'POST', path, { email, password })

describe('login rate limit', () => {
  it.each(['/api/admin/login', '/api/library/login'])(
    '%s: a burst of parallel guesses gets no more than the limit checked',
    async (path) => {
      const account = path === '/api/admin/login' ? await addUser(t.deps.data) : await addMember(t.deps.data)
      // Sent together: each request would pass the limiter before any failure was recorded.
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(path, account.email, `yanlis-${i}`).then((r) => r.status)),
      )
      expect(statuses.filter((s) => s === 401)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    },
  )

  it('successful logins do not use up the address limit', async () => {
    const user = await addUser(t.deps.data)
    for (let i = 0; i < 8; i++)
      expect((await login('/api/admin/login', user.email, PASSWORD)).status).toBe(200)
    expect((await login('/api/admin/login', user.email, 'yanlis')).status).toBe(401)
  })

  it('a success clears the failures of that e-mail but not of the address', async () => {
    const user = await addUser(t.deps.data)
    const other = await addUser(t.deps.data)
    for (let i = 0; i < 4; i++)
      expect((await login('/api/admin/login', user.email, 'yanlis')).status).toBe(401)
    expect((await login('/api/admin/login', user.email, PASSWORD)).status).toBe(200)
    // The address has 4 failures: one more is checked, then it is blocked for every e-mail.
    expect((await login('/api/admin/login', other.email, 'yanlis')).status).toBe(401)
    expect((await login('/api/admin/login', other.email, PASSWORD)).status).toBe(429)
  })
})
