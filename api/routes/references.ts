import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'

/** Public references (mounted at /api/references): cards and slider images, at the top level and under data. */
export const referencesRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { cards, sliderImages } = c.var.deps.content.read('references')
  return c.json({ success: true, data: { cards, sliderImages }, cards, sliderImages })
})
