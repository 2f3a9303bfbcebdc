import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { verifyWebhook } from '../store/git/webhook-signature.ts'
import { withValueAt } from '../store/merge/three-way-merge.ts'
import type { ContentName } from '../store/content-store.ts'
import { withEdit } from '../store/versions/edit-context.ts'

/** A forge's push notification (mounted at /api/git): fetch now. Off (404) without CONTENT_GIT_WEBHOOK_SECRET. */
export const gitWebhookRoutes = new Hono<AppEnv>().post('/webhook', async (c) => {
  const { content, gitWebhookSecret } = c.var.deps
  if (!gitWebhookSecret || !content.sync) fail(404, msg.routeNotFound)
  const body = new Uint8Array(await c.req.arrayBuffer())
  if (!verifyWebhook((name) => c.req.header(name), body, gitWebhookSecret)) fail(401, msg.webhookSignature)
  // Answered at once: the forge does not wait for the merge and the publish.
  void content.sync.trigger()
  return c.json({ success: true }, 202)
})

/**
 * The conflicts a sync kept the live value of (mounted at /api/admin/git): take the other value ('take') or keep
 * the live one ('keep'); either way the conflict leaves the list.
 */
export const gitConflictRoutes = new Hono<AppEnv>().post('/conflicts/:index/:choice{take|keep}', async (c) => {
  const { content } = c.var.deps
  if (!content.sync) fail(404, msg.routeNotFound)
  const index = Number(c.req.param('index'))
  const conflict = Number.isInteger(index) ? content.sync.conflicts()[index] : undefined
  if (!conflict) fail(404, msg.conflictGone)
  if (c.req.param('choice') === 'take') {
    const name = conflict.file.replace(/\.json$/, '') as ContentName
    await withEdit({ message: `Uzak depodaki değer alındı: ${conflict.file}` }, () =>
      content.update(name, (draft: unknown) => {
        // The stored data (what the draft starts from) with the other value put in along the conflict's path.
        const next = withValueAt(content.read(name), conflict.path, conflict.other)
        if (Array.isArray(draft)) draft.splice(0, draft.length, ...(next as unknown[]))
        else Object.assign(draft as object, next)
      }),
    )
  }
  content.sync.resolve(index)
  return c.json({ success: true, message: c.req.param('choice') === 'take' ? msg.conflictTaken : msg.conflictKept })
})
