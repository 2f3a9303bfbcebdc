import { Hono } from 'hono'
import { z } from 'zod'
import { id } from '#schema/common.ts'
import { memberInputSchema } from '#schema/library-member.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { removeById } from '../entries/list-items.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { publicMember } from '../auth/public-user.ts'
import { assertEmailFree } from '../auth/unique-email.ts'
import { validate } from '../middleware/validate.ts'

const idParam = validate('param', z.object({ id }))
const memberBody = validate('json', memberInputSchema)

/** Library members managed by any admin (mounted at /api/admin/library-members). */
export const libraryMemberRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.json({ success: true, members: c.var.deps.data.read('members').map(publicMember) }))
  .post('/', memberBody, async (c) => {
    const { password, ...input } = c.req.valid('json')
    const { data, now } = c.var.deps
    const passwordHash = await hashPassword(password)
    const member = await data.update('members', (members) => {
      assertEmailFree(members, input.email)
      const created = { id: newId(), ...input, passwordHash, created_at: now().toISOString() }
      members.push(created)
      return created
    })
    return c.json({ success: true, message: msg.memberAdded, data: publicMember(member) }, 201)
  })
  .put('/:id', idParam, memberBody, async (c) => {
    const { id: memberId } = c.req.valid('param')
    const { password, ...input } = c.req.valid('json')
    const { data, now } = c.var.deps
    const current = data.read('members').find((m) => m.id === memberId)
    if (!current) fail(404, msg.notFound)
    // The edit form always sends a password; only a different one ends the member's sessions.
    const changed = !(await verifyPassword(password, current.passwordHash))
    const passwordHash = changed ? await hashPassword(password) : current.passwordHash
    const member = await data.update('members', (members) => {
      const target = members.find((m) => m.id === memberId)
      if (!target) fail(404, msg.notFound)
      assertEmailFree(members, input.email, memberId)
      if (changed) target.sessionsFrom = now().toISOString()
      return Object.assign(target, input, { passwordHash })
    })
    return c.json({ success: true, message: msg.memberUpdated, data: publicMember(member) })
  })
  .delete('/:id', idParam, async (c) => {
    const { id: memberId } = c.req.valid('param')
    await c.var.deps.data.update('members', (members) => void removeById(members, memberId, msg.notFound))
    return c.json({ success: true, message: msg.memberDeleted })
  })
