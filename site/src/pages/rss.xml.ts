import type { APIRoute } from 'astro'
import { loadContactSettings, loadHome, loadPublishedBlogs } from '../lib/content.ts'
import { RSS_ITEMS, rssXml } from '../lib/feeds.ts'
import { DEFAULT_BRAND, DEFAULT_DESCRIPTION } from '../lib/site.ts'

export const GET: APIRoute = ({ site, url }) => {
  const brand = loadContactSettings().title || DEFAULT_BRAND
  const description = loadHome().blog.description || DEFAULT_DESCRIPTION
  return new Response(rssXml(site ?? url, brand, description, loadPublishedBlogs().slice(0, RSS_ITEMS)), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  })
}
