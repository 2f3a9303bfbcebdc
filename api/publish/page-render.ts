import { createHash } from 'node:crypto'
import { pageMediaKey } from './changed-pages.ts'
import type { PageRecord } from './export-folder.ts'
import { mimeType, withCharset } from './mime.ts'
import { pageFile, type MediaKeys, type RenderScope, type SiteBundle, type SitePage } from './site-bundle.ts'

/**
 * The page with its CSP as a <meta> at the top of its <head>, right after the page's `<meta charset>`: a browser
 * (and the HTML standard) wants the charset within the first 1,024 bytes, and the CSP meta with its hashes is
 * longer than that (decision 060).
 */
function withCspMeta(body: Uint8Array, csp: string): Uint8Array {
  const html = Buffer.from(body).toString('utf8')
  if (/<meta[^>]+http-equiv=["']?content-security-policy/i.test(html)) return body
  const meta = `<meta http-equiv="content-security-policy" content="${csp.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`
  return Buffer.from(html.replace(/<head>(\s*<meta charset="?[\w-]+"?\s*\/?>)?/i, (head) => `${head}${meta}`))
}

export const etagOf = (body: Uint8Array) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`

// One publish's media keys (its scope object), computed on first use.
const keysOfScope = new WeakMap<RenderScope, MediaKeys>()
export function mediaKeysOf(b: SiteBundle, scope: RenderScope): MediaKeys {
  let keys = keysOfScope.get(scope)
  if (!keys) keysOfScope.set(scope, (keys = b.mediaKeys(scope)))
  return keys
}


/** A rendered page: its bytes and what the export's state records of it. */
export type RenderedPage = { path: string; body: Uint8Array; record: PageRecord }

/**
 * Renders one page through the site bundle (in the server, or in a full publish's child process: the same
 * bytes either way); anything but a page (or the 404 page's 404) fails the publish.
 */
export async function renderSitePage(b: SiteBundle, page: SitePage, scope: RenderScope, siteUrl: string): Promise<RenderedPage> {
  // The page's own scope notes the media records it looks up.
  const media = new Set<string>()
  const res = await b.renderPage(new URL(page.path, siteUrl).href, { ...scope, media })
  let body: Uint8Array = new Uint8Array(await res.arrayBuffer())
  // Astro sends an on-demand page's CSP (security.csp) as a header; a static build puts it in a <meta>. The
  // export must carry it in the page, as a static build would (page-policy.ts reads it from there).
  const csp = res.headers.get('content-security-policy')
  if (csp && (res.headers.get('content-type') ?? '').startsWith('text/html')) body = withCspMeta(body, csp)
  const expected = page.path === '/404' ? 404 : 200
  if (res.status !== expected) throw new Error(`Sayfa oluşturulamadı: ${page.path} (HTTP ${res.status})`)
  // Astro answers a page as bare 'text/html'; the header names the charset too (decision 060).
  const type = withCharset(res.headers.get('content-type') ?? mimeType(pageFile(page.path)))
  const record: PageRecord = { key: page.key, type, etag: etagOf(body), size: body.length }
  if (res.status !== 200) record.status = res.status
  if (media.size) {
    record.media = [...media].sort()
    record.mediaKey = pageMediaKey(record.media, mediaKeysOf(b, scope))
  }
  return { path: page.path, body, record }
}
