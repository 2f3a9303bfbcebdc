import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { verifyWebhook } from '../store/git/webhook-signature.ts'
import { resolveSyncConflict } from '../store/sync-conflicts.ts'

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
 * the live one ('keep'), named by the conflict's stable id; either way the conflict leaves the list.
 */
export const gitConflictRoutes = new Hono<AppEnv>().post('/conflicts/:id/:choice{take|keep}', async (c) => {
  const choice = c.req.param('choice') as 'take' | 'keep'
  await resolveSyncConflict(c.var.deps.content, c.req.param('id'), choice)
  return c.json({ success: true, message: choice === 'take' ? msg.conflictTaken : msg.conflictKept })
})
