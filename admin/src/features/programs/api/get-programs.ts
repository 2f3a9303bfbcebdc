import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

/** A program as the admin API returns it (never a server path). */
export type AdminProgram = {
  id: string
  name: string
  description: string
  version: string
  /** The stored version (the program's own `version` is its release number), sent back as If-Match on save. */
  contentVersion?: string
  logoPath?: string
  fileName?: string
  fileSize?: number
  hasFile?: boolean
  downloads?: number
  createdAt?: string
  updatedAt?: string
}

export const programsKey = ['admin', 'programs'] as const

/** GET /api/admin/programs → { data }. */
export async function fetchPrograms(): Promise<AdminProgram[]> {
  const res = await api.get<{ data?: AdminProgram[] }>('/api/admin/programs')
  return Array.isArray(res.data) ? res.data : []
}

export function usePrograms() {
  return useQuery({ queryKey: programsKey, queryFn: fetchPrograms })
}
