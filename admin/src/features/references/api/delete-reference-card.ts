import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { referencesQueryKey } from './get-references.ts'

/** DELETE /api/admin/references/card/{id} */
export async function deleteReferenceCard(id: string) {
  return api.delete(`/api/admin/references/card/${encodeURIComponent(id)}`)
}

/** Deletes a reference card, then reloads the references. */
export function useDeleteReferenceCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteReferenceCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referencesQueryKey }),
  })
}
