import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { normalizeHome } from '../normalize-home.ts'

export const homeQueryKey = ['home-content'] as const

/** GET /api/admin/anasayfa, normalised to a complete Home. */
export async function getHome() {
  return normalizeHome(await api.get<unknown>('/api/admin/anasayfa'))
}

/** The home content the editor works on. */
export function useHome() {
  return useQuery({ queryKey: homeQueryKey, queryFn: getHome })
}
