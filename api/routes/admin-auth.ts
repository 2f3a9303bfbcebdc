import { Hono } from 'hono'
import { loginSchema } from '#schema/user.ts'
import type { AppEnv } from '../app-env.ts'
import { checkPasswordLogin } from '../auth/password-login.ts'
import { publicUser } from '../auth/public-user.ts'
import { clearSessionCookie, revokeSession, setSessionCookie } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'

/** Admin login, logout and the current session (mounted at /api/admin; login is the one open call). */
export const adminAuthRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginSchema), async (c) => {
    const { data, sessions } = c.var.deps
    const user = await checkPasswordLogin(c, 'admin', data.read('users'), c.req.valid('json'))
    setSessionCookie(c, 'admin', await sessions.sign({ sub: user.id, kind: 'admin' }))
    return c.json({ success: true, data: { user: publicUser(user) } })
  })
  .post('/logout', async (c) => {
    // The token itself ends here, not just the cookie: a copy of it gets 401 from now on.
    await revokeSession(c, 'admin')
    clearSessionCookie(c, 'admin')
    return c.json({ success: true })
  })
  .get('/me', (c) => c.json({ success: true, data: { user: publicUser(c.var.user) } }))
