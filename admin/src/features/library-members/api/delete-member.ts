import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { membersKey } from './get-members.ts'

/** DELETE /api/admin/library-members/:id. */
export async function deleteMember(id: string) {
  return api.delete<{ message?: string }>(`/api/admin/library-members/${encodeURIComponent(id)}`)
}

export function useDeleteMember() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey }),
  })
}
