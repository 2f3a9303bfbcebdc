import { createHash } from 'node:crypto'
import type { CachedFile } from './static-cache.ts'

/**
 * Security headers of every HTML answer (decision 016). The Content-Security-Policy header is built from the page's
 * own CSP <meta> (Astro's `security.csp` puts the hashes of every inline script and style there, at build and in
 * the in-process renderer alike) plus the directives a <meta> cannot carry or that depend on the page; a directive
 * the page's meta sets wins over the default here, so the header never allows less than the page needs.
 */
const SITE_DEFAULTS: [string, string][] = [
  ['default-src', "'self'"],
  ['script-src', "'self'"],
  ['style-src', "'self'"],
  ['img-src', "'self' data:"],
  ['frame-src', "'none'"],
  ['object-src', "'none'"],
  ['base-uri', "'none'"],
  ['form-action', "'self'"],
  ['frame-ancestors', "'none'"],
]

/** Features the site and the admin never use: denied to the pages and to any frame in them. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

/** The admin SPA: Vite emits only external module scripts and stylesheets, so 'self' is all it needs. */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  // Image previews of chosen files are data: or blob: URLs.
  "img-src 'self' data: blob:",
  // So is the preview of a chosen banner video (before it is uploaded).
  "media-src 'self' blob:",
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** The XML viewer's sandboxed shell frame (site/src/lib/xml/frame-document.ts): only our own page may frame it. */
export const XML_SHELL_PATH = '/xml-goruntuleyici/kabuk.html'
const XML_VIEWER_PAGE = /^\/xml-goruntuleyici\/?(index\.html)?$/

const metaPolicies = new WeakMap<CachedFile, Map<string, string>>()
/**
 * One Map per distinct policy, shared by the files that have it: pages of one kind have the same directives, and a
 * Map of ~0.8 KB per file was 9 MB at 10,000 posts (issue 33, tenth session). Emptied past 256 policies (never
 * reached by a site's few kinds of page), so it cannot grow without bound.
 */
const distinctPolicies = new Map<string, Map<string, string>>()
const META_CSP = /<meta\s+http-equiv="content-security-policy"\s+content="([^"]*)"/i
const INLINE_ELEMENT = /<(script|style)(\s[^>]*)?>([\s\S]*?)<\/\1\s*>/gi
const HASH_SOURCE = /^'sha256-[A-Za-z0-9+/=]+'$/

/** The hashes of the inline scripts and styles a page really has, as CSP sources ('sha256-…'). */
function inlineHashes(html: string): Set<string> {
  const hashes = new Set<string>()
  for (const [, , attributes = '', text] of html.matchAll(INLINE_ELEMENT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`)
  }
  return hashes
}

/**
 * The directives of a page's CSP <meta>, read once per built file. Astro's meta lists the hashes of every inline
 * script and style the whole site may use (29 on the home page, which has 4): the header keeps only those of the
 * page's own inline elements. The meta is enforced too, so this never allows more, and it makes the header 1.3 KB
 * smaller on every answer (nginx serves it with every page, issue 22).
 */
function metaPolicy(file: CachedFile): Map<string, string> {
  let policy = metaPolicies.get(file)
  if (policy) return policy
  policy = new Map()
  const html = file.body?.toString('utf8') ?? ''
  const head = html.slice(0, 64 * 1024)
  const present = inlineHashes(html)
  const content =
    META_CSP.exec(head)?.[1]
      ?.replace(/&#39;|&apos;/g, "'")
      .replace(/&quot;/g, '"') ?? ''
  for (const part of content.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) policy.set(name.toLowerCase(), values.filter((v) => !HASH_SOURCE.test(v) || present.has(v)).join(' '))
  }
  const key = [...policy].map(([name, value]) => `${name} ${value}`).join(';')
  const known = distinctPolicies.get(key)
  if (known) policy = known
  else {
    if (distinctPolicies.size >= 256) distinctPolicies.clear()
    distinctPolicies.set(key, policy)
  }
  metaPolicies.set(file, policy)
  return policy
}

/** The origin of an https map embed URL, or null (then /iletisim allows no frame at all). */
export function mapOrigin(mapUrl: string | undefined): string | null {
  try {
    const url = new URL(mapUrl ?? '')
    return url.protocol === 'https:' ? url.origin : null
  } catch {
    return null
  }
}

export type PageContext = { path: string; mapUrl?: string; https: boolean }

/** The Content-Security-Policy header value for a built page served at `path`. */
export function pageCsp(file: CachedFile, { path, mapUrl }: PageContext): string {
  const directives = new Map(SITE_DEFAULTS)
  const page = path.replace(/\/index\.html$/, '').replace(/\/+$/, '') || '/'
  if (page === '/iletisim') directives.set('frame-src', mapOrigin(mapUrl) ?? "'none'")
  if (XML_VIEWER_PAGE.test(path)) {
    // The viewer frames its own shell (its page adds 'wasm-unsafe-eval' for libxslt-wasm to its own meta).
    directives.set('frame-src', "'self'")
  }
  if (path === XML_SHELL_PATH) directives.set('frame-ancestors', "'self'")
  for (const [name, value] of metaPolicy(file)) directives.set(name, value)
  return [...directives].map(([name, value]) => `${name} ${value}`).join('; ')
}

/** Every security header of an HTML page of the site. */
export function pageHeaders(file: CachedFile, context: PageContext): Record<string, string> {
  return {
    'content-security-policy': pageCsp(file, context),
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': context.path === XML_SHELL_PATH ? 'SAMEORIGIN' : 'DENY',
    ...(context.https ? { 'strict-transport-security': HSTS } : {}),
  }
}

/** Every security header of the admin SPA's page. */
export function adminHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': ADMIN_CSP,
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': HSTS } : {}),
  }
}

/** One year; no includeSubDomains: other hosts of the company's domain are not ours to commit. */
const HSTS = 'max-age=31536000'
