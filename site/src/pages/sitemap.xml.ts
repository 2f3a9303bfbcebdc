import type { APIRoute } from 'astro'
import { loadPublishedBlogs, loadPublishedProjects } from '../lib/content.ts'
import { sitemapXml } from '../lib/feeds.ts'

export const GET: APIRoute = ({ site, url }) =>
  new Response(sitemapXml(site ?? url, loadPublishedBlogs(), loadPublishedProjects()), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
