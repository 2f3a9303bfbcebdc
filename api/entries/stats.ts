import type { ContentStore } from '../store/content-store.ts'
import type { DataStore } from '../store/data-store.ts'
import { isPublished } from './blog-posts.ts'

/** The fixed public routes of spec section 2 (detail pages and the 404 page are not counted here). */
export const FIXED_PUBLIC_ROUTES = [
  '/',
  '/biz-kimiz',
  '/hakkimizda',
  '/sosyal-sorumluluk-projelerimiz',
  '/referanslarimiz',
  '/blog',
  '/programlar',
  '/xml-goruntuleyici',
  '/kutuphane',
  '/iletisim',
  '/bize-ulasin',
] as const

export type Stats = { totalPages: number; totalBlogs: number; totalServices: number; totalViews: number }

const arrayOf = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : [])

/** Dashboard numbers: pages the site builds, all posts, service main headings, and the summed page views. */
export async function computeStats(content: ContentStore, data: DataStore, now = Date.now()): Promise<Stats> {
  const blogs = arrayOf<{ status?: string }>(content.read('blogs'))
  const projects = arrayOf<{ status?: string }>(content.read('social-projects'))
  return {
    totalPages:
      FIXED_PUBLIC_ROUTES.length +
      blogs.filter((b) => isPublished(b, now)).length +
      projects.filter((p) => isPublished(p, now)).length,
    totalBlogs: blogs.length,
    totalServices: arrayOf(content.read('home').services?.tree).length,
    // From the database (pending counts are written first), so the figure is what a restart would show.
    totalViews: await data.counters.totalViews(),
  }
}
