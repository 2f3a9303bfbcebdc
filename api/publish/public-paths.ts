/** Paths that keep working in maintenance mode: admin, library, API, uploads and static assets. */
export function bypassesMaintenance(path: string): boolean {
  if (/^\/(admin|kutuphane|api|uploads|_astro|demo)(\/|$)/.test(path)) return true
  // Files with an extension (css, images, robots.txt, favicons) are assets; .html pages and the generated feeds
  // (rss.xml, sitemap*.xml: titles and excerpts) are content, so maintenance hides them too.
  return /\.[a-z0-9]+$/i.test(path) && !/\.(html|xml)$/i.test(path)
}

/** The page path that counts a view: '/blog/x/' and '/blog/x' are the same page. */
export function viewKey(path: string): string {
  const trimmed = path.replace(/\/index\.html$/, '').replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** Old addresses that answer a permanent redirect from the server (spec 2: the banner's second button). */
const REDIRECTS: Record<string, string> = { '/bize-ulasin': '/iletisim' }

/** Where an old address now lives, or null; '/bize-ulasin/' and '/bize-ulasin/index.html' count too. */
export function redirectTarget(path: string): string | null {
  return REDIRECTS[viewKey(path)] ?? null
}
