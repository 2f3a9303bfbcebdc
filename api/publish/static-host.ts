import { createHash } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { isHostFile, listExportFiles, writeFileAtomic } from './export-folder.ts'
import type { PublishTree, TreeContributor } from './export-trees.ts'
import { isCompressible, mimeType } from './mime.ts'
import { pageHeaders } from './page-policy.ts'
import { REDIRECTS } from './public-paths.ts'
import { IMMUTABLE, securityHeaders } from './site-routes.ts'
import type { CachedFile } from './static-cache.ts'
import { compressText, MIN_COMPRESS_BYTES } from './text-compression.ts'

/** The files a static host reads beside the pages (root files named `_…` are never served: isHostFile). */
export const HOST_FILES = { headers: '/_headers', redirects: '/_redirects', nginx: '/_nginx.conf' }
/**
 * The tree's marker of the nginx maps it matches ('/_nginx-<id>'): nginx serves pages from the export only while
 * the marker of the maps it loaded is in `live`; otherwise (a publish added a page, moved one or changed its
 * headers since nginx last loaded) it hands pages to Node, which answers them exactly (decision 292).
 */
export const mapsMarker = (id: string) => `/_nginx-${id}`
const BATCH = 8

export type StaticHostOptions = {
  /** The contact page's map embed URL (its origin is the page's frame-src). */
  mapUrl: () => string | undefined
  /** SITE_URL is https: `_headers` carries HSTS (a CDN answers over https only). */
  https: boolean
  /** Old addresses of posts and projects and their current one (moved-addresses.ts), as the server redirects them. */
  moved?: () => [string, string][]
  /**
   * Where nginx reads the maps from (SITE_BUILD_DIR/nginx-maps.conf, beside `live`; deploy/nginx/netiz-site.conf
   * includes it): written after each switch that changed them (decision 292).
   */
  nginxMapsFile?: string
}

/**
 * The page-specific headers of one HTML file, as the server sends them. Pages of one kind share theirs: one object
 * per distinct policy (a few at 10,000 pages), so the map of every page's policy holds references, not 10,000
 * copies of a 0.4 KB CSP, and an unchanged policy is the same object.
 */
type PagePolicy = { csp: string; frameOptions: string; permissions: string; hsts?: string }

const isPrecompressed = (url: string) => /\.(br|gz)$/.test(url)

/**
 * What a static host (nginx, Netlify, Cloudflare Pages) needs beside the pages to answer exactly as the server
 * does, added to every publish's tree before its switch (export-trees.ts), so it goes live with the pages:
 * `.br` and `.gz` beside every text file; `_headers` (Netlify / Cloudflare Pages) and `_nginx.conf` (nginx maps:
 * each page's CSP, X-Frame-Options, Permissions-Policy, cache rule and redirects; deploy/nginx/ includes it) with
 * the headers of page-policy.ts; `_redirects`. Decision 052.
 */
export function createStaticHost(o: StaticHostOptions): TreeContributor {
  /** Each HTML file's policy (URL path of the file → headers), kept between publishes. */
  let policies: Map<string, PagePolicy> | null = null
  let mapUrlSeen: string | undefined
  let movedSeen = ''
  /** The maps of the last contribution and their id (the marker in its tree). */
  let maps: { text: string; id: string } | null = null
  let mapsWritten = ''
  const distinct = new Map<string, PagePolicy>()
  const shared = (p: PagePolicy): PagePolicy => {
    const key = `${p.csp}\n${p.frameOptions}\n${p.permissions}\n${p.hsts ?? ''}`
    let known = distinct.get(key)
    if (!known) distinct.set(key, (known = p))
    return known
  }

  async function policyOf(dir: string, url: string): Promise<PagePolicy> {
    const body = await readFile(join(dir, url))
    const file: CachedFile = { type: mimeType(url), etag: '', size: body.length, body }
    const headers = pageHeaders(file, { path: url, mapUrl: o.mapUrl(), https: o.https })
    return shared({
      csp: headers['content-security-policy']!,
      frameOptions: headers['x-frame-options']!,
      permissions: headers['permissions-policy']!,
      hsts: headers['strict-transport-security'],
    })
  }

  async function compressInto(tree: PublishTree, urls: string[]) {
    for (let i = 0; i < urls.length; i += BATCH) {
      await Promise.all(
        urls.slice(i, i + BATCH).map(async (url) => {
          const body = await readFile(join(tree.dir, url)).catch(() => null)
          if (!body || body.length < MIN_COMPRESS_BYTES) return
          const [br, gzBody] = await compressText(body)
          await tree.write(`${url}.br`, br)
          await tree.write(`${url}.gz`, gzBody)
        }),
      )
    }
  }

  return {
    // Until this process has contributed once, a publish must run (an export from before this module has none).
    pending: () => policies === null,
    async contribute(tree) {
      const all = tree.full || policies === null || o.mapUrl() !== mapUrlSeen
      const files = all ? await listExportFiles(tree.dir) : null
      const present = new Set(files ?? [])
      const serves = (url: string) => !isHostFile(url) && !isPrecompressed(url)
      // Precompressed copies: every text file of a fresh tree, the changed ones (and any missing) otherwise.
      const compressible = (url: string) => serves(url) && isCompressible(mimeType(url))
      const toCompress = files
        ? files.filter((url) => compressible(url) && (tree.full || tree.changed.includes(url) || !present.has(`${url}.br`)))
        : tree.changed.filter(compressible)
      await compressInto(tree, toCompress)
      for (const url of tree.removed) {
        await tree.remove(`${url}.br`)
        await tree.remove(`${url}.gz`)
      }

      // Each HTML file's headers: all of them once (and when the map URL changed), the changed ones after.
      const next = new Map(all ? [] : policies!)
      const html = (url: string) => serves(url) && url.endsWith('.html')
      // Most saves change a page's text, not its headers: then the tree keeps the files it has (the live ones, or
      // links to them), and a publish at 10,000 pages does not rewrite a 16 MB `_headers`.
      let rulesChanged = all
      for (const url of tree.removed) rulesChanged = next.delete(url) || rulesChanged
      for (const url of files ? files.filter(html) : tree.changed.filter(html)) {
        if (!(await stat(join(tree.dir, url)).catch(() => null))?.isFile()) continue
        const policy = await policyOf(tree.dir, url)
        if (next.get(url) !== policy) rulesChanged = true
        next.set(url, policy)
      }
      // Old addresses the server redirects: only where no page is (the server serves a page that is there).
      const hasPage = (address: string) => next.has(address.endsWith('/') ? `${address}index.html` : `${address}/index.html`)
      const moved = (o.moved?.() ?? []).filter(([from]) => !hasPage(from)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      const movedKey = JSON.stringify(moved)
      if (movedKey !== movedSeen) rulesChanged = true
      if (rulesChanged) {
        // Policies no page has any more are forgotten.
        const inUse = new Set(next.values())
        for (const [key, p] of distinct) if (!inUse.has(p)) distinct.delete(key)
        await tree.write(HOST_FILES.headers, headersFile(next))
        await tree.write(HOST_FILES.redirects, redirectsFile(moved))
        const body = nginxMaps(next, moved)
        const id = createHash('sha256').update(body).digest('hex').slice(0, 16)
        const text = `${body}map $scheme $site_maps_id {\n  default ${quoted(id)};\n}\n`
        if (maps && maps.id !== id) await tree.remove(mapsMarker(maps.id))
        // A tree from before this process (or a fresh copy) may hold another run's marker: only this one stays.
        for (const url of files ?? []) if (/^\/_nginx-[0-9a-f]+$/.test(url) && url !== mapsMarker(id)) await tree.remove(url)
        await tree.write(HOST_FILES.nginx, text)
        await tree.write(mapsMarker(id), '')
        maps = { text, id }
      }
      policies = next
      mapUrlSeen = o.mapUrl()
      movedSeen = movedKey
    },
    /** After the switch: nginx's maps beside `live` (its reload unit watches the file). */
    async committed() {
      if (!o.nginxMapsFile || !maps || maps.text === mapsWritten) return
      await writeFileAtomic(o.nginxMapsFile, maps.text)
      mapsWritten = maps.text
    },
  }
}

/** The addresses a page file answers at: '/blog/x/index.html' → '/blog/x', '/blog/x/'; '/404.html' → '/404.html', '/404'. */
function addressesOf(file: string): string[] {
  if (file === '/index.html') return ['/']
  if (file.endsWith('/index.html')) {
    const dir = file.slice(0, -'index.html'.length)
    return [dir.slice(0, -1), dir]
  }
  return [file, file.slice(0, -'.html'.length)]
}

/** A page's rules in `_headers`: one per address it answers at. */
function headersRulesOf(file: string, p: PagePolicy): string {
  const lines: string[] = []
  for (const address of addressesOf(file)) {
    lines.push(address, `  Content-Security-Policy: ${p.csp}`, `  Permissions-Policy: ${p.permissions}`)
    lines.push(`  X-Frame-Options: ${p.frameOptions}`)
    if (p.hsts) lines.push(`  Strict-Transport-Security: ${p.hsts}`)
  }
  return lines.join('\n')
}

/** The pages' files in a fixed order (code units: localeCompare took ~0.2 s at 10,000 pages). */
const sortedFiles = (policies: Map<string, PagePolicy>) => [...policies.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/** Netlify / Cloudflare Pages `_headers`: the headers every answer gets, the assets' cache rule, each page's own. */
function headersFile(policies: Map<string, PagePolicy>): string {
  const lines = ['# Written by each publish (api/publish/static-host.ts): the headers the server sends.', '/*']
  for (const [name, value] of Object.entries(securityHeaders)) {
    // Per page below (hosts join the values of every rule that matches, and a page's is DENY).
    if (name !== 'x-frame-options') lines.push(`  ${headerName(name)}: ${value}`)
  }
  lines.push('/_astro/*', `  Cache-Control: ${IMMUTABLE}`)
  for (const file of sortedFiles(policies)) lines.push(headersRulesOf(file, policies.get(file)!))
  return `${lines.join('\n')}\n`
}

/** The fixed redirects (public-paths.ts), each with its three forms. */
const fixedRedirects = (): [string, string][] =>
  Object.entries(REDIRECTS).flatMap(([from, to]) => [from, `${from}/`, `${from}/index.html`].map((a): [string, string] => [a, to]))

function redirectsFile(moved: [string, string][]): string {
  const lines = ['# Written by each publish (api/publish/static-host.ts): the server\'s permanent redirects.']
  for (const [from, to] of [...fixedRedirects(), ...moved]) lines.push(`${from} ${to} 301`)
  return `${lines.join('\n')}\n`
}

const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())

/** A string as an nginx configuration token: quoted; a '$' (a variable to nginx) never occurs in our values. */
function quoted(value: string): string {
  if (value.includes('$')) throw new Error(`nginx değeri '$' içeremez: ${value}`)
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
}

/**
 * nginx maps from the request's file ($uri after try_files / index) to its headers, included at http level by
 * deploy/nginx/netiz-site.conf. Pages name one of the few distinct policies ($site_policy: 'p0', 'p1' …) and the
 * policies' maps hold the long values once, so the file stays small at 10,000 pages (a CSP is ~0.4 KB). The 404
 * and maintenance pages are answered for other URIs: their CSP is a variable of its own. No map is a regex: nginx
 * evaluates each one on every answer, and two regex maps cost 2 % of the home page's rate (issue 22's bench).
 * The /_astro/ cache rule is a location of netiz-site.conf for the same reason.
 */
export function nginxMaps(policies: Map<string, PagePolicy>, moved: [string, string][] = []): string {
  const out = ['# Written by each publish (api/publish/static-host.ts); nginx reads it when it (re)loads.']
  const map = (source: string, name: string, fallback: string, entries: [string, string][]) => {
    out.push(`map ${source} ${name} {`, `  default ${quoted(fallback)};`)
    for (const [key, value] of entries) out.push(`  ${key.startsWith('~') ? key : quoted(key)} ${quoted(value)};`)
    out.push('}')
  }
  const ids = new Map<string, { id: string; p: PagePolicy }>()
  const pages: [string, string][] = []
  for (const file of sortedFiles(policies)) {
    const p = policies.get(file)!
    const key = `${p.csp}\n${p.frameOptions}`
    let entry = ids.get(key)
    if (!entry) ids.set(key, (entry = { id: `p${ids.size}`, p }))
    pages.push([file, entry.id])
  }
  map('$uri', '$site_policy', '', pages)
  map('$site_policy', '$site_csp', '', [...ids.values()].map(({ id, p }) => [id, p.csp]))
  map('$site_policy', '$site_frame_options', securityHeaders['x-frame-options']!, [...ids.values()].map(({ id, p }) => [id, p.frameOptions]))
  const permissions = policies.values().next().value?.permissions ?? ''
  // Every page (every HTML file has a policy) and nothing else: a hash lookup, not a regex per request.
  map('$site_policy', '$site_permissions_policy', permissions, [['', '']])
  map('$uri', '$site_redirect', '', [...fixedRedirects(), ...moved])
  const special = (name: string, file: string) =>
    out.push(`map $scheme ${name} {`, `  default ${quoted(policies.get(file)?.csp ?? '')};`, '}')
  special('$site_404_csp', '/404.html')
  out.push(`map $scheme $site_page_permissions {`, `  default ${quoted(permissions)};`, '}')
  special('$site_maintenance_csp', '/bakim/index.html')
  return `${out.join('\n')}\n`
}
