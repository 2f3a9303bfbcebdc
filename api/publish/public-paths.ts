/**
 * Paths that keep working in maintenance mode: admin, library, API and uploads, and files the site has that are
 * not content (`key`: the request's file in the live index, or null). Built assets (hashed /_astro/ files, /demo/
 * images, robots.txt, favicons) keep loading for the maintenance page and an admin's preview; .html pages and the
 * generated feeds (rss.xml, sitemap*.xml: titles and excerpts) are content, and a path the site does not have gets
 * the maintenance page too, never the site's 404 page (issue 20: /demo/x and /_astro/x showed it).
 */
export function bypassesMaintenance(path: string, key: string | null): boolean {
  if (/^\/(admin|kutuphane|api|uploads)(\/|$)/.test(path)) return true
  return key !== null && !/\.(html|xml)$/i.test(key)
}

/** The page path that counts a view: '/blog/x/' and '/blog/x' are the same page. */
export function viewKey(path: string): string {
  const trimmed = path.replace(/\/index\.html$/, '').replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** Old addresses that answer a permanent redirect from the server (spec 2: the banner's second button). */
export const REDIRECTS: Record<string, string> = { '/bize-ulasin': '/iletisim' }

/** Where an old address now lives, or null; '/bize-ulasin/' and '/bize-ulasin/index.html' count too. */
export function redirectTarget(path: string): string | null {
  return REDIRECTS[viewKey(path)] ?? null
}
