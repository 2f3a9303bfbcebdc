import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { programsKey } from './get-programs.ts'

/** DELETE /api/admin/programs/:id. */
export async function deleteProgram(id: string) {
  return api.delete<{ message?: string }>(`/api/admin/programs/${encodeURIComponent(id)}`)
}

export function useDeleteProgram() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProgram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsKey }),
  })
}
