import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import { loginSchema } from '#schema/user.ts'
import type { AppEnv } from '../lib/app-env.ts'
import { clientAddress } from '../lib/client-address.ts'
import { fail } from '../lib/errors.ts'
import { dummyHash, verifyPassword } from '../lib/passwords.ts'
import { publicUser } from '../lib/public-user.ts'
import { clearSessionCookie, setSessionCookie } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'

/** Admin login, logout and the current session (mounted at /api/admin; login is the one open call). */
export const adminAuthRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginSchema), async (c) => {
    const { email, password } = c.req.valid('json')
    const { data, sessions, loginLimiter } = c.var.deps
    const keys = [`admin-ip:${clientAddress(c)}`, `admin-email:${email}`]
    if (!loginLimiter.allowed(keys)) fail(429, msg.tooManyAttempts)
    const user = data.read('users').find((u) => u.email === email)
    const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash)
    if (!user || !ok) {
      loginLimiter.fail(keys)
      fail(401, msg.invalidCredentials)
    }
    loginLimiter.reset([`admin-email:${email}`])
    setSessionCookie(c, 'admin', await sessions.sign({ sub: user.id, kind: 'admin' }))
    return c.json({ success: true, data: { user: publicUser(user) } })
  })
  .post('/logout', (c) => {
    clearSessionCookie(c, 'admin')
    return c.json({ success: true })
  })
  .get('/me', (c) => c.json({ success: true, data: { user: publicUser(c.var.user) } }))
