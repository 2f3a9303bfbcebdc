import { useQuery } from '@tanstack/react-query'
import type { About } from '#schema/about.ts'
import { api } from '../../../lib/api-client.ts'

export const aboutKey = ['about'] as const
const fieldNames = ['title1', 'title2', 'description1', 'image1', 'title3', 'description2', 'image2'] as const

/** The about page as loaded, with the version its ETag named (the first save's If-Match). */
export type LoadedAbout = About & { version?: string }

/** GET /api/admin/hakkimizda: the seven fields without a wrapper (a `data` wrapper is read too). */
export async function fetchAbout(): Promise<LoadedAbout> {
  const { data: res, version } = await api.getVersioned<Partial<About> & { data?: Partial<About> }>(
    '/api/admin/hakkimizda',
  )
  const src = res.data && typeof res.data === 'object' ? res.data : res
  const fields = Object.fromEntries(fieldNames.map((k) => [k, typeof src[k] === 'string' ? src[k] : '']))
  return { ...(fields as About), version }
}

export function useAbout() {
  return useQuery({ queryKey: aboutKey, queryFn: fetchAbout })
}
