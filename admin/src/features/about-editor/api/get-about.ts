import { useQuery } from '@tanstack/react-query'
import type { About } from '#schema/about.ts'
import { api } from '../../../lib/api-client.ts'

export const aboutKey = ['about'] as const
const fieldNames = ['title1', 'title2', 'description1', 'image1', 'title3', 'description2', 'image2'] as const

/** GET /api/admin/hakkimizda: the seven fields without a wrapper (a `data` wrapper is read too). */
export async function fetchAbout(): Promise<About> {
  const res = await api.get<Partial<About> & { data?: Partial<About> }>('/api/admin/hakkimizda')
  const src = res.data && typeof res.data === 'object' ? res.data : res
  return Object.fromEntries(fieldNames.map((k) => [k, typeof src[k] === 'string' ? src[k] : ''])) as About
}

export function useAbout() {
  return useQuery({ queryKey: aboutKey, queryFn: fetchAbout })
}
