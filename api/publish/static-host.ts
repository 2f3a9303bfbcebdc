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

/** The nginx maps a tree carries and their id (the marker file `_nginx-<id>`). */
type NginxMaps = { text: string; id: string }
type Moves = readonly (readonly [string, string])[]
/** Moved addresses as moved-addresses.ts gives them: a key that is the same while they are, and the list (in order). */
type MovedList = { readonly key: string; pairs(): Moves }
/** The moved addresses a tree redirects: the key of the list they were taken from, a digest of those it redirects. */
type MovedState = { key: string; digest: string }
const NO_MOVES: MovedList = { key: '', pairs: () => [] }

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
  moved?: () => MovedList
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
  /** The moved addresses of the live tree (the list's key, the digest of those it redirects). */
  let movedSeen: MovedState | null = null
  /** The maps of the last contribution and their id (the marker in its tree). */
  let maps: NginxMaps | null = null
  let mapsWritten = ''
  /** The host files' texts as the live tree has them (a tree being prepared holds the live files, linked). */
  const written = new Map<string, string>()
  let staged: { policies: Map<string, PagePolicy>; mapUrl: string | undefined; moved: MovedState; maps: NginxMaps | null; texts: Map<string, string> } | null = null
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
          if (!body) return
          if (body.length < MIN_COMPRESS_BYTES) {
            // Too small to compress now, it may have had copies when larger (a sitemap part that lost entries):
            // nginx would serve those old bytes to a client that takes br or gzip.
            if (!tree.full) await Promise.all([tree.remove(`${url}.br`), tree.remove(`${url}.gz`)])
            return
          }
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

      // Each HTML file's headers: all of them once (and when the map URL changed), the changed ones after, noted
      // over the live map, which is copied only when they change it (not at every publish: 100,000 entries at
      // 100,000 posts, issue 33). Most saves change a page's text, not its headers: then the tree keeps the files
      // it has (the live ones, or links to them), and a publish at 10,000 pages does not rewrite a 16 MB `_headers`.
      const live = all ? new Map<string, PagePolicy>() : policies!
      const edits: [string, PagePolicy | null][] = []
      const edited = new Map<string, PagePolicy | null>()
      const policyAt = (url: string) => (edited.has(url) ? (edited.get(url) ?? undefined) : live.get(url))
      const edit = (url: string, policy: PagePolicy | null) => {
        edits.push([url, policy])
        edited.set(url, policy)
      }
      const html = (url: string) => serves(url) && url.endsWith('.html')
      // A page added or removed changes the policies too (and so the old addresses that have no page).
      let policiesChanged = all
      for (const url of tree.removed) {
        if (policyAt(url) === undefined) continue
        edit(url, null)
        policiesChanged = true
      }
      for (const url of files ? files.filter(html) : tree.changed.filter(html)) {
        if (!(await stat(join(tree.dir, url)).catch(() => null))?.isFile()) continue
        const policy = await policyOf(tree.dir, url)
        if (policyAt(url) !== policy) policiesChanged = true
        edit(url, policy)
      }
      let next = live
      if (policiesChanged) {
        // In the order of the edits, as a copy edited in place has them (the first page's Permissions-Policy).
        next = new Map(live)
        for (const [url, policy] of edits) {
          if (policy === null) next.delete(url)
          else next.set(url, policy)
        }
      }
      let rulesChanged = policiesChanged
      // Old addresses the server redirects: only where no page is (the server serves a page that is there). Listed
      // and compared (by a digest: no copy is kept) only when the list's key or the policies (the pages) changed:
      // listing, sorting and comparing ~200,000 of them at 100,000 posts took ~50 ms of every save (issue 33).
      const source = o.moved?.() ?? NO_MOVES
      let redirects: Moves | null = null
      const redirected = () => {
        const hasPage = (address: string) => next.has(address.endsWith('/') ? `${address}index.html` : `${address}/index.html`)
        return (redirects ??= source.pairs().filter(([from]) => !hasPage(from)))
      }
      let moved = movedSeen!
      if (policiesChanged || movedSeen?.key !== source.key) {
        moved = { key: source.key, digest: createHash('sha256').update(JSON.stringify(redirected())).digest('hex') }
        if (moved.digest !== movedSeen?.digest) rulesChanged = true
      }
      const texts = new Map<string, string>()
      let nextMaps = maps
      if (rulesChanged) {
        // Policies no page has any more are forgotten.
        const inUse = new Set(next.values())
        for (const [key, p] of distinct) if (!inUse.has(p)) distinct.delete(key)
        // Grouped by section (decision 330), the files change only when a section's policy or a page outside the
        // sections did: a new post usually writes neither, and nginx keeps its loaded maps (same id).
        const write = async (file: string, text: string) => {
          if (all || written.get(file) !== text) await tree.write(file, text)
          texts.set(file, text)
        }
        await write(HOST_FILES.headers, headersFile(next))
        await write(HOST_FILES.redirects, redirectsFile(redirected()))
        const body = nginxMaps(next, redirected())
        const id = createHash('sha256').update(body).digest('hex').slice(0, 16)
        const text = `${body}map $scheme $site_maps_id {\n  default ${quoted(id)};\n}\n`
        if (maps && maps.id !== id) await tree.remove(mapsMarker(maps.id))
        // A tree from before this process (or a fresh copy) may hold another run's marker: only this one stays.
        for (const url of files ?? []) if (/^\/_nginx-[0-9a-f]+$/.test(url) && url !== mapsMarker(id)) await tree.remove(url)
        await write(HOST_FILES.nginx, text)
        if (all || maps?.id !== id) await tree.write(mapsMarker(id), '')
        nextMaps = { text, id }
      }
      // What this tree has, taken as the live state once it is live (committed): a publish that fails after this
      // leaves the live files, and the next one compares with them.
      staged = { policies: next, mapUrl: o.mapUrl(), moved, maps: nextMaps, texts }
    },
    /** After the switch: nginx's maps beside `live` (its reload unit watches the file). */
    async committed() {
      if (staged) {
        ;({ policies, mapUrl: mapUrlSeen, moved: movedSeen, maps } = staged)
        for (const [file, text] of staged.texts) written.set(file, text)
        staged = null
      }
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

/** The header lines of a policy in `_headers`. */
function policyLines(p: PagePolicy): string[] {
  const lines = [`  Content-Security-Policy: ${p.csp}`, `  Permissions-Policy: ${p.permissions}`, `  X-Frame-Options: ${p.frameOptions}`]
  if (p.hsts) lines.push(`  Strict-Transport-Security: ${p.hsts}`)
  return lines
}

/** The pages' files in a fixed order (code units: localeCompare took ~0.2 s at 10,000 pages). */
const sortedFiles = (policies: Map<string, PagePolicy>) => [...policies.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))

/**
 * The folder whose pages `file` is one of ('/blog/x/index.html' → '/blog/'), or null: a page at the top level, or
 * a file other than a folder's index, or a folder name a rule could not carry. Such a folder (a section: the
 * posts, the projects, a list's pages) is where thousands of pages share one policy (decision 330).
 */
function sectionOf(file: string): string | null {
  if (!file.endsWith('/index.html')) return null
  const dir = file.slice(0, -'index.html'.length)
  const parent = dir.slice(0, dir.slice(0, -1).lastIndexOf('/') + 1)
  return parent.length > 1 && /^[A-Za-z0-9/._-]+$/.test(parent) ? parent : null
}

/**
 * The pages grouped by policy (decision 330): a section whose pages share one policy is one rule, whatever the
 * number of its pages; the others are listed one by one. `uniform`: sections all of whose pages share it (the only
 * ones a `_headers` rule may cover, as hosts join the values of every rule that matches); `shared`: each section's
 * policy of most of its pages, at least two (nginx's map lists the other pages exactly, and an exact key wins).
 * A new post with its section's policy then changes neither file, and nginx keeps its loaded maps.
 */
function groupBySection(policies: Map<string, PagePolicy>) {
  // By the policy's text, not its object: the choice is a function of the pages' headers only, so an incremental
  // publish writes what a full render of the same site writes.
  const counts = new Map<string, Map<string, { policy: PagePolicy; pages: number }>>()
  for (const [file, p] of policies) {
    const section = sectionOf(file)
    if (section === null) continue
    let byPolicy = counts.get(section)
    if (!byPolicy) counts.set(section, (byPolicy = new Map()))
    const key = policyKey(p)
    const entry = byPolicy.get(key)
    if (entry) entry.pages++
    else byPolicy.set(key, { policy: p, pages: 1 })
  }
  const shared = new Map<string, { policy: PagePolicy; key: string; pages: number }>()
  const uniform = new Set<string>()
  for (const [section, byPolicy] of counts) {
    // The most common policy; a tie goes to the one whose text sorts first, so the choice is the same every time.
    let best: [string, { policy: PagePolicy; pages: number }] | null = null
    for (const entry of byPolicy)
      if (!best || entry[1].pages > best[1].pages || (entry[1].pages === best[1].pages && entry[0] < best[0])) best = entry
    if (!best || best[1].pages < 2) continue
    shared.set(section, { ...best[1], key: best[0] })
    if (byPolicy.size === 1) uniform.add(section)
  }
  return { shared, uniform }
}

const policyKeys = new WeakMap<PagePolicy, string>()
function policyKey(p: PagePolicy): string {
  let key = policyKeys.get(p)
  if (key === undefined) policyKeys.set(p, (key = `${p.csp}\n${p.frameOptions}\n${p.permissions}\n${p.hsts ?? ''}`))
  return key
}

/**
 * Netlify / Cloudflare Pages `_headers`: the headers every answer gets, the assets' cache rule, one rule per
 * section whose pages share their policy (`/blog/:slug`, `/blog/:slug/`: one path segment), and each other page's
 * own rules, one per address it answers at.
 */
function headersFile(policies: Map<string, PagePolicy>): string {
  const lines = ['# Written by each publish (api/publish/static-host.ts): the headers the server sends.', '/*']
  for (const [name, value] of Object.entries(securityHeaders)) {
    // Per page below (hosts join the values of every rule that matches, and a page's is DENY).
    if (name !== 'x-frame-options') lines.push(`  ${headerName(name)}: ${value}`)
  }
  lines.push('/_astro/*', `  Cache-Control: ${IMMUTABLE}`)
  const { shared, uniform } = groupBySection(policies)
  for (const section of [...uniform].sort()) {
    const rules = policyLines(shared.get(section)!.policy)
    lines.push(`${section}:slug`, ...rules, `${section}:slug/`, ...rules)
  }
  for (const file of sortedFiles(policies)) {
    const section = sectionOf(file)
    if (section !== null && uniform.has(section)) continue
    for (const address of addressesOf(file)) lines.push(address, ...policyLines(policies.get(file)!))
  }
  return `${lines.join('\n')}\n`
}

/** The fixed redirects (public-paths.ts), each with its three forms. */
const fixedRedirects = (): [string, string][] =>
  Object.entries(REDIRECTS).flatMap(([from, to]) => [from, `${from}/`, `${from}/index.html`].map((a): [string, string] => [a, to]))

function redirectsFile(moved: Moves): string {
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
export function nginxMaps(policies: Map<string, PagePolicy>, moved: Moves = []): string {
  const out = ['# Written by each publish (api/publish/static-host.ts); nginx reads it when it (re)loads.']
  const map = (source: string, name: string, fallback: string, entries: readonly (readonly [string, string])[]) => {
    out.push(`map ${source} ${name} {`, `  default ${quoted(fallback)};`)
    for (const [key, value] of entries) out.push(`  ${key.startsWith('~') ? key : quoted(key)} ${quoted(value)};`)
    out.push('}')
  }
  const ids = new Map<string, { id: string; p: PagePolicy }>()
  const idOf = (p: PagePolicy) => {
    const key = `${p.csp}\n${p.frameOptions}`
    let entry = ids.get(key)
    if (!entry) ids.set(key, (entry = { id: `p${ids.size}`, p }))
    return entry.id
  }
  // A section's shared policy is one regex key (exact keys win over it; nginx tries a regex only when no exact key
  // matched, and a page of another section never matches it), in the sections' order (not by size: a new post
  // must not reorder them and so change the maps).
  const { shared } = groupBySection(policies)
  const sections = [...shared].sort(([a], [b]) => (a < b ? -1 : 1))
  const pages: [string, string][] = []
  for (const file of sortedFiles(policies)) {
    const p = policies.get(file)!
    const section = sectionOf(file)
    if (section !== null && shared.get(section)?.key === policyKey(p)) continue
    pages.push([file, idOf(p)])
  }
  for (const [section, { policy }] of sections) pages.push([`~^${section.replace(/\./g, '\\.')}[^/]+/index\\.html$`, idOf(policy)])
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
