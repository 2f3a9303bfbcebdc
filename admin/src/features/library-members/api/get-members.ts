import { useQuery } from '@tanstack/react-query'
import type { PublicMember } from '#schema/library-member.ts'
import { api } from '../../../lib/api-client.ts'

export const membersKey = ['admin', 'library-members'] as const

/** GET /api/admin/library-members → { members }. */
export async function fetchMembers(): Promise<PublicMember[]> {
  const res = await api.get<{ members?: PublicMember[]; data?: PublicMember[] }>('/api/admin/library-members')
  return res.members ?? res.data ?? []
}

export function useMembers() {
  return useQuery({ queryKey: membersKey, queryFn: fetchMembers })
}
