import { useMutation, useQueryClient } from '@tanstack/react-query'
import { reorderSchema, type ReferenceCard } from '#schema/reference.ts'
import { api } from '../../../lib/api-client.ts'
import { referencesQueryKey, type getReferences } from './get-references.ts'

type References = Awaited<ReturnType<typeof getReferences>>

/** PUT /api/admin/references/reorder { orderedIds } */
export async function reorderReferences(cards: ReferenceCard[]) {
  return api.put<{ success: boolean; message?: string }>(
    '/api/admin/references/reorder',
    reorderSchema.parse({ orderedIds: cards.map((c) => c.id) }),
  )
}

/** Shows the new order at once; if saving fails the previous order comes back. */
export function useReorderReferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reorderReferences,
    onMutate: async (cards) => {
      await queryClient.cancelQueries({ queryKey: referencesQueryKey })
      const previous = queryClient.getQueryData<References>(referencesQueryKey)
      queryClient.setQueryData<References>(referencesQueryKey, (old) => (old ? { ...old, cards } : old))
      return { previous }
    },
    onError: (_error, _cards, context) => {
      if (context?.previous) queryClient.setQueryData(referencesQueryKey, context.previous)
    },
  })
}
