import { Hono } from 'hono'
import { z } from 'zod'
import { id } from '#schema/common.ts'
import { contactMessageInputSchema, type ContactMessage } from '#schema/contact-message.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { clientAddress } from '../auth/client-address.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import { validate } from '../middleware/validate.ts'

const newestFirst = (key: 'createdAt' | 'readAt') => (a: ContactMessage, b: ContactMessage) =>
  (b[key] ?? '').localeCompare(a[key] ?? '')

/** The public contact form (mounted at /api/contact): stores an unread message. */
export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', contactMessageInputSchema),
  async (c) => {
    const input = c.req.valid('json')
    const { data, now, contactLimiter } = c.var.deps
    const keys = [`contact-ip:${clientAddress(c)}`]
    // Every message counts against the limit, not only failures.
    if (!contactLimiter.take(keys)) fail(429, msg.tooManyAttempts)
    const message: ContactMessage = { id: newId(), ...input, createdAt: now().toISOString(), readAt: null }
    await data.update('messages', (messages) => void messages.push(message))
    return c.json({ success: true, message: msg.contactSent }, 201)
  },
)

/** Admin inbox (mounted at /api/admin/contact): unread list, mark read, archive of read messages. */
export const adminContactRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const unread = c.var.deps.data.read('messages').filter((m) => !m.readAt)
    return c.json({ success: true, data: unread.sort(newestFirst('createdAt')) })
  })
  .get('/archive', (c) => {
    const read = c.var.deps.data.read('messages').filter((m) => m.readAt)
    return c.json({ success: true, data: read.sort(newestFirst('readAt')) })
  })
  .put('/:id/read', validate('param', z.object({ id })), async (c) => {
    const { id: messageId } = c.req.valid('param')
    const { data, now } = c.var.deps
    const message = await data.update('messages', (messages) => {
      const found = messages.find((m) => m.id === messageId)
      if (!found) fail(404, msg.notFound)
      // Marking twice keeps the first read time.
      found.readAt ??= now().toISOString()
      return found
    })
    return c.json({ success: true, message: msg.markedRead, data: message })
  })
