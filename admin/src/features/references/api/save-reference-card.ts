import { useMutation, useQueryClient } from '@tanstack/react-query'
import { referenceCardInputSchema, type ReferenceCard } from '#schema/reference.ts'
import { api } from '../../../lib/api-client.ts'
import { referencesQueryKey } from './get-references.ts'

export type ReferenceCardInput = Omit<ReferenceCard, 'id'>

/** POST /api/admin/references/card (no id) or PUT /api/admin/references/{id}; checked with the shared schema first. */
export async function saveReferenceCard({ id, card, version }: { id?: string; card: unknown; version?: string }) {
  const body = referenceCardInputSchema.parse(card)
  type Res = { success: boolean; data?: ReferenceCard; updatedCard?: ReferenceCard }
  const res = id
    ? await api.put<Res>(`/api/admin/references/${encodeURIComponent(id)}`, body, { ifMatch: version })
    : await api.post<Res>('/api/admin/references/card', body)
  // The spec reads the updated card from data or updatedCard.
  return res.data ?? res.updatedCard
}

/** Adds or updates a reference card, then reloads the references. */
export function useSaveReferenceCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveReferenceCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referencesQueryKey }),
  })
}
