import { Hono } from 'hono'
import { z } from 'zod'
import { id } from '#schema/common.ts'
import { CONTACT_HONEYPOT, contactMessageInputSchema, type ContactMessage } from '#schema/contact-message.ts'
import { msg } from '#schema/messages.ts'
import { adminListQuerySchema } from '#schema/list-query.ts'
import type { AppEnv } from '../app-env.ts'
import { clientAddress } from '../auth/client-address.ts'
import { fail } from '../lib/errors.ts'
import { metrics } from '../lib/metrics.ts'
import { newId } from '../lib/ids.ts'
import { validate } from '../middleware/validate.ts'

/** True when the hidden field people never see was filled: a bot. */
async function filledHoneypot(raw: () => Promise<unknown>): Promise<boolean> {
  const body = (await raw().catch(() => null)) as Record<string, unknown> | null
  const value = body?.[CONTACT_HONEYPOT]
  return typeof value === 'string' && value.trim() !== ''
}

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
    // A bot gets the same answer as a person, so it learns nothing, and its message costs no row.
    if (await filledHoneypot(() => c.req.json()))
      return c.json({ success: true, message: msg.contactSent }, 201)
    const message: ContactMessage = { id: newId(), ...input, createdAt: now().toISOString(), readAt: null }
    await data.messages.add(message)
    data.counters.countMessage()
    metrics.contactMessages.inc()
    return c.json({ success: true, message: msg.contactSent }, 201)
  },
)

/** Admin inbox (mounted at /api/admin/contact): unread and read (archive) pages, newest first; mark read. */
export const adminContactRoutes = new Hono<AppEnv>()
  .get('/', validate('query', adminListQuerySchema), (c) =>
    c.json({ success: true, ...c.var.deps.data.messages.list({ archived: false, ...c.req.valid('query') }) }),
  )
  .get('/archive', validate('query', adminListQuerySchema), (c) =>
    c.json({ success: true, ...c.var.deps.data.messages.list({ archived: true, ...c.req.valid('query') }) }),
  )
  .put('/:id/read', validate('param', z.object({ id })), async (c) => {
    const { id: messageId } = c.req.valid('param')
    const { data, now } = c.var.deps
    // Marking twice keeps the first read time.
    const message = data.messages.markRead(messageId, now().toISOString())
    if (!message) fail(404, msg.notFound)
    return c.json({ success: true, message: msg.markedRead, data: message })
  })
