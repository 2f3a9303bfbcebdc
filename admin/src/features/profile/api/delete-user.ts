import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { usersKey } from './get-users.ts'

/** DELETE /api/admin/users/:id (superadmin only, never oneself). */
export async function deleteUser(id: string) {
  return api.delete<{ message?: string }>(`/api/admin/users/${encodeURIComponent(id)}`)
}

export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  })
}
