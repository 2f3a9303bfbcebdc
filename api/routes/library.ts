import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import { loginSchema } from '#schema/user.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { checkPasswordLogin } from '../auth/password-login.ts'
import { publicMember } from '../auth/public-user.ts'
import { clearSessionCookie, revokeSession, sessionAccount, setSessionCookie } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'

/** Library member login, logout and the current member (mounted at /api/library; own library_session cookie). */
export const libraryRoutes = new Hono<AppEnv>()
  .post('/login', validate('json', loginSchema), async (c) => {
    const { data, sessions } = c.var.deps
    // Same limiter and limits as the admin login, with keys of its own.
    const member = await checkPasswordLogin(c, 'library', data.read('members'), c.req.valid('json'))
    setSessionCookie(c, 'library', await sessions.sign({ sub: member.id, kind: 'library' }))
    return c.json({ success: true, member: publicMember(member) })
  })
  .post('/logout', async (c) => {
    await revokeSession(c, 'library')
    clearSessionCookie(c, 'library')
    return c.json({ success: true })
  })
  .get('/me', async (c) => {
    const member = await sessionAccount(c, 'library')
    if (!member) fail(401, msg.unauthorized)
    return c.json({ success: true, member: publicMember(member) })
  })
