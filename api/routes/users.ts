import { Hono } from 'hono'
import { z } from 'zod'
import { id } from '#schema/common.ts'
import { msg } from '#schema/messages.ts'
import { userCreateSchema, userUpdateSchema } from '#schema/user.ts'
import { deleteUser, updateUser } from '../auth/admin-users.ts'
import type { AppEnv } from '../app-env.ts'
import { newId } from '../lib/ids.ts'
import { hashPassword } from '../auth/passwords.ts'
import { publicUser } from '../auth/public-user.ts'
import { assertEmailFree } from '../auth/unique-email.ts'
import { assertCurrentPassword } from '../auth/current-password.ts'
import { requireRole, setSessionCookie } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'

const idParam = validate('param', z.object({ id }))
const superadminOnly = requireRole('superadmin')

/** Admin users (mounted at /api/admin/users): list, create and delete are superadmin-only; edit follows updateUser. */
export const userRoutes = new Hono<AppEnv>()
  .get('/', superadminOnly, (c) =>
    c.json({ success: true, data: c.var.deps.data.read('users').map(publicUser) }),
  )
  .post('/', superadminOnly, validate('json', userCreateSchema), async (c) => {
    const input = c.req.valid('json')
    const { data, now } = c.var.deps
    const passwordHash = await hashPassword(input.password)
    const user = await data.update('users', (users) => {
      assertEmailFree(users, input.email)
      const created = {
        id: newId(),
        name: input.name,
        email: input.email,
        role: input.role,
        passwordHash,
        createdAt: now().toISOString(),
      }
      users.push(created)
      return created
    })
    return c.json({ success: true, message: msg.userCreated, data: publicUser(user) }, 201)
  })
  .put('/:id', idParam, validate('json', userUpdateSchema), async (c) => {
    const { id: userId } = c.req.valid('param')
    const { password, currentPassword, ...input } = c.req.valid('json')
    const actor = c.var.user
    const { data, now, sessions } = c.var.deps
    await assertCurrentPassword(c, actor, { targetId: userId, email: input.email, password, currentPassword })
    const passwordHash = password ? await hashPassword(password) : undefined
    // A new password ends every session opened before it (a stolen one too).
    const sessionsFrom = password ? now().toISOString() : undefined
    const user = await data.update('users', (users) =>
      updateUser(users, actor, userId, { ...input, passwordHash, sessionsFrom }),
    )
    // Whoever changed their own password stays logged in here, with a session issued now.
    if (password && actor.id === userId)
      setSessionCookie(c, 'admin', await sessions.sign({ sub: user.id, kind: 'admin' }))
    const message = actor.id === userId ? msg.profileUpdated : msg.userUpdated
    return c.json({ success: true, message, data: publicUser(user) })
  })
  .delete('/:id', superadminOnly, idParam, async (c) => {
    const { id: userId } = c.req.valid('param')
    await c.var.deps.data.update('users', (users) => deleteUser(users, c.var.user, userId))
    return c.json({ success: true, message: msg.userDeleted })
  })
