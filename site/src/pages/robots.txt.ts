import type { APIRoute } from 'astro'
import { robotsTxt } from '../lib/feeds.ts'

export const GET: APIRoute = ({ site, url }) =>
  new Response(robotsTxt(site ?? url), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
