import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { referencesQueryKey } from './get-references.ts'

/** DELETE /api/admin/references/card/{id}; the card's version as listed goes as If-Match. */
export async function deleteReferenceCard({ id, version }: { id: string; version?: string }) {
  return api.delete(`/api/admin/references/card/${encodeURIComponent(id)}`, { ifMatch: version })
}

/** Deletes a reference card, then reloads the references. */
export function useDeleteReferenceCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteReferenceCard,
    // Refused or not, the references reload: after a 412 they show the other person's change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: referencesQueryKey }),
  })
}
