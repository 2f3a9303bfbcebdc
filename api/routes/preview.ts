import { Hono, type Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { msg } from '#schema/messages.ts'
import type { AppEnv, Deps } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { validate } from '../middleware/validate.ts'
import { pageHeaders } from '../publish/page-policy.ts'
import { securityHeaders } from '../publish/site-routes.ts'
import {
  PREVIEW_RIBBON_TEXT,
  previewGonePage,
  RIBBON_CSS,
  RIBBON_CSS_PATH,
  withRibbon,
} from '../preview/preview-page.ts'
import { previewContent, previewRequestSchema, type PreviewRequest } from '../preview/preview-content.ts'
import { z } from 'zod'

/** An unshared preview link works this long: long enough to look, short enough not to travel. */
export const PREVIEW_MINUTES = 30

/** Renders a preview request's page with the ribbon (the same renderer and bundle as publishing). */
async function renderPreview(deps: Deps, req: PreviewRequest): Promise<{ path: string; html: string }> {
  if (!deps.preview) fail(503, msg.previewUnavailable)
  const { path, overlay } = await previewContent(deps, req)
  const read = (name: string) => overlay[name] ?? (deps.content.read as (n: string) => unknown)(name)
  return { path, html: withRibbon(await deps.preview.render(path, read)) }
}

/**
 * POST /api/admin/preview { collection, id?, data, share? } → { url, expiresAt }; GET lists an item's shared
 * links (?collection&id), DELETE /:linkId revokes one (mounted at /api/admin/preview, admin session).
 */
export const previewAdminRoutes = new Hono<AppEnv>()
  .post('/', validate('json', previewRequestSchema), async (c) => {
    const { deps } = c.var
    const req = c.req.valid('json')
    // Rendered now too: bad values fail here, with the save's Turkish messages, not on the reviewer's screen.
    await renderPreview(deps, req)
    const now = deps.now().getTime()
    const lifetime = req.share ? (deps.preview?.shareMs ?? 7 * 86_400_000) : PREVIEW_MINUTES * 60_000
    const { token, link } = deps.data.previews.create({
      collection: req.collection,
      itemId: req.id ?? '',
      request: JSON.stringify({ collection: req.collection, id: req.id, data: req.data }),
      shared: req.share,
      createdBy: c.var.user.name,
      createdAt: now,
      expiresAt: now + lifetime,
    })
    return c.json({
      success: true,
      data: { url: `/onizleme/${token}`, expiresAt: new Date(link.expiresAt).toISOString(), id: link.id, shared: link.shared },
    })
  })
  .get('/', validate('query', z.object({ collection: z.string().max(40), id: z.string().max(64).optional().default('') })), (c) => {
    const { collection, id } = c.req.valid('query')
    const links = c.var.deps.data.previews.sharedFor(collection, id, c.var.deps.now().getTime())
    return c.json({
      success: true,
      data: links.map((l) => ({
        id: l.id,
        createdBy: l.createdBy,
        createdAt: new Date(l.createdAt).toISOString(),
        expiresAt: new Date(l.expiresAt).toISOString(),
      })),
    })
  })
  .delete('/:linkId', (c) => {
    const { data, now } = c.var.deps
    if (!data.previews.revoke(c.req.param('linkId'), now().getTime())) fail(404, msg.notFound)
    return c.json({ success: true, message: msg.previewRevoked })
  })

/** Headers of every preview answer: never indexed, never cached, the public pages' CSP (page-policy.ts). */
function previewHeaders(c: Context<AppEnv>, body: string, status: number, path = '/onizleme') {
  const bytes = Buffer.from(body)
  const file = { type: 'text/html; charset=utf-8', etag: '', size: bytes.length, body: bytes }
  const headers: Record<string, string> = {
    ...securityHeaders,
    // As the page would be served at its own path (the contact page's map origin is allowed there).
    ...pageHeaders(file, { path, mapUrl: c.var.deps.content.read('contact-settings').mapUrl, https: c.var.deps.secureCookies }),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex, nofollow',
  }
  return new Response(bytes, { status, headers })
}

/** GET /onizleme/:token: the page with the unsaved values and the ribbon, for anyone holding the link. */
export const previewPageRoutes = new Hono<AppEnv>()
  .get(RIBBON_CSS_PATH, (c) => {
    c.header('content-type', 'text/css; charset=utf-8')
    c.header('cache-control', 'no-cache')
    return c.body(RIBBON_CSS)
  })
  .get('/onizleme/:token', async (c) => {
    const { deps } = c.var
    const link = deps.data.previews.find(c.req.param('token'))
    // The site's own 404 page, in its layout with logo and menu (its script shows the preview's sentence under
    // /onizleme/); the plain page only when the site's renderer is not there (issue 30).
    const gone = async (status: 404 | 410) => {
      const styled = await deps.preview?.render('/404', (name: string) => (deps.content.read as (n: string) => unknown)(name)).catch(() => null)
      const html = styled ? Buffer.from(styled.body).toString('utf8') : previewGonePage('Önizleme bulunamadı', msg.previewGone)
      return previewHeaders(c, html, status)
    }
    if (!link) return gone(404)
    if (link.revokedAt !== null || link.expiresAt <= deps.now().getTime()) return gone(410)
    try {
      const { path, html } = await renderPreview(deps, JSON.parse(link.request) as PreviewRequest)
      return previewHeaders(c, html, 200, path)
    } catch (err) {
      // The item was deleted or its stored values no longer pass: the link shows nothing any more.
      if (err instanceof HTTPException && err.status < 500) return gone(410)
      throw err
    }
  })

export { PREVIEW_RIBBON_TEXT }
