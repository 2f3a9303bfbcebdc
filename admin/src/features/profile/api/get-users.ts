import { useQuery } from '@tanstack/react-query'
import type { PublicUser } from '#schema/user.ts'
import { api } from '../../../lib/api-client.ts'

export const usersKey = ['admin', 'users'] as const

/** GET /api/admin/users (superadmin only). */
export async function fetchUsers(): Promise<PublicUser[]> {
  const res = await api.get<{ data: PublicUser[] }>('/api/admin/users')
  return Array.isArray(res.data) ? res.data : []
}

export function useUsers(enabled: boolean) {
  return useQuery({ queryKey: usersKey, queryFn: fetchUsers, enabled })
}
