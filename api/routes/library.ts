import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { msg } from '#schema/messages.ts'
import { loginSchema } from '#schema/user.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { checkPasswordLogin } from '../auth/password-login.ts'
import { publicMember } from '../auth/public-user.ts'
import { cookieNames, issuedSince } from '../auth/session.ts'
import { clearSessionCookie, setSessionCookie } from '../middleware/session.ts'
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
  .post('/logout', (c) => {
    clearSessionCookie(c, 'library')
    return c.json({ success: true })
  })
  .get('/me', async (c) => {
    const token = getCookie(c, cookieNames.library)
    const claims = token ? await c.var.deps.sessions.verify(token, 'library') : null
    const member = claims ? c.var.deps.data.read('members').find((m) => m.id === claims.sub) : undefined
    if (!member || !issuedSince(claims!.iat, member.sessionsFrom)) fail(401, msg.unauthorized)
    return c.json({ success: true, member: publicMember(member) })
  })
