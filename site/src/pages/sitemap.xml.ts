import type { APIRoute } from 'astro'
import { loadPublishedBlogs, loadPublishedProjects } from '../lib/content.ts'
import { sitemapParts, sitemapXml, sitemapIsSplit } from '../lib/feeds.ts'
import { sitemapIndexXml } from '../lib/sitemap-xml.ts'

// One <urlset> up to SITEMAP_SPLIT_AT addresses; above, the index of the parts (decision 342).
export const GET: APIRoute = ({ site, url }) => {
  const [posts, projects] = [loadPublishedBlogs(), loadPublishedProjects()]
  const split = sitemapIsSplit(posts.length, projects.length)
  const xml = split
    ? sitemapIndexXml(site ?? url, sitemapParts(posts, projects))
    : sitemapXml(site ?? url, posts, projects)
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}
