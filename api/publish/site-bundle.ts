import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** A page and the key of what it shows (site/src/lib/site-pages.ts). */
export type SitePage = { path: string; key: string }
export type RenderScope = { contentDir: string; version: number; read?: (name: string) => unknown; media?: Set<string>; now?: number }
/** The media records as pages show them: a hash per URL and one of the whole library. */
export type MediaKeys = { all: string; byUrl: Map<string, string> }

/** The site's render bundle, loaded once per code build into this process. */
export type SiteBundle = {
  stamp: string
  /** The code build's folder (client/ and server/). */
  dir: string
  /** Client assets, public files and content-free pages written by the build. */
  clientDir: string
  listPages(scope: RenderScope): SitePage[]
  mediaKeys(scope: RenderScope): MediaKeys
  renderPage(url: string, scope: RenderScope): Promise<Response>
  /** The next time a scheduled item appears or disappears (render-entry.ts); null when none. */
  nextChange(scope: RenderScope): number | null
}

/**
 * Imports a code build's server entry (site/src/render-entry.ts). React's server code picks its development or
 * production build when first loaded, so the process runs with NODE_ENV=production unless it already set one
 * (tests keep 'test'); the development build renders about twice as slowly.
 */
export async function loadSiteBundle(dir: string, stamp: string): Promise<SiteBundle> {
  process.env.NODE_ENV ??= 'production'
  const entry = (await import(pathToFileURL(join(dir, 'server', 'entry.mjs')).href)) as Pick<
    SiteBundle,
    'listPages' | 'renderPage' | 'mediaKeys' | 'nextChange'
  >
  return {
    stamp,
    dir,
    clientDir: join(dir, 'client'),
    listPages: entry.listPages,
    mediaKeys: entry.mediaKeys,
    renderPage: entry.renderPage,
    nextChange: entry.nextChange,
  }
}

/** Where a page lives in an export folder, as a static host serves it: '/blog/x' → 'blog/x/index.html'. */
export function pageFile(path: string): string {
  if (path === '/') return 'index.html'
  if (path === '/404') return '404.html'
  const rel = path.replace(/^\/+/, '')
  return /\.[a-z0-9]+$/i.test(rel) ? rel : `${rel}/index.html`
}
