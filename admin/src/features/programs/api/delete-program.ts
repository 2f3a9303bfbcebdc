import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { programsKey } from './get-programs.ts'

/** DELETE /api/admin/programs/:id; the stored version as listed goes as If-Match. */
export async function deleteProgram({ id, contentVersion }: { id: string; contentVersion?: string }) {
  return api.delete<{ message?: string }>(`/api/admin/programs/${encodeURIComponent(id)}`, { ifMatch: contentVersion })
}

export function useDeleteProgram() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProgram,
    // Refused or not, the list reloads: after a 412 it shows the other person's change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: programsKey }),
  })
}
