import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { normalizeReferences } from '../reference-logic.ts'

export const referencesQueryKey = ['admin-references'] as const

/** GET /api/admin/references: cards (in display order) and slider images. */
export async function getReferences() {
  return normalizeReferences(await api.get<unknown>('/api/admin/references'))
}

/** Reference cards and slider images for the references admin. */
export function useReferences() {
  return useQuery({ queryKey: referencesQueryKey, queryFn: getReferences })
}
