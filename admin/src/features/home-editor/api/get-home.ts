import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { normalizeHome } from '../normalize-home.ts'
import { rememberVersions } from '../section-guard.ts'

export const homeQueryKey = ['home-content'] as const

/** GET /api/admin/anasayfa, normalised to a complete Home. */
export async function getHome() {
  const raw = await api.get<{ versions?: unknown }>('/api/admin/anasayfa')
  // Each section's version: the If-Match of its next save (section-guard.ts).
  rememberVersions(raw?.versions)
  return normalizeHome(raw)
}

/** The home content the editor works on. */
export function useHome() {
  return useQuery({ queryKey: homeQueryKey, queryFn: getHome })
}
