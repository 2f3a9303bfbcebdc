import type { APIRoute } from 'astro'
import { loadPublishedBlogs, loadPublishedProjects } from '../lib/content.ts'
import { sitemapParts, sitemapIsSplit } from '../lib/feeds.ts'
import { urlsetXml } from '../lib/sitemap-xml.ts'

// /sitemap-blog-3f.xml …: a part of the split sitemap (decision 342), rendered by the publisher for each part that
// has addresses (site-pages.ts); any other name, or a site small enough for one file, has none.
export const GET: APIRoute = ({ site, url, params }) => {
  const [posts, projects] = [loadPublishedBlogs(), loadPublishedProjects()]
  if (!sitemapIsSplit(posts.length, projects.length)) return new Response(null, { status: 404 })
  const part = sitemapParts(posts, projects, params.part).find((p) => p.name === params.part)
  if (!part) return new Response(null, { status: 404 })
  return new Response(urlsetXml(site ?? url, part.entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
