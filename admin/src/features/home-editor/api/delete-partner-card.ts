import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { homeQueryKey } from './get-home.ts'

/** DELETE /api/admin/anasayfa/partners/cards/{id} */
export async function deletePartnerCard(id: string) {
  return api.delete(`/api/admin/anasayfa/partners/cards/${encodeURIComponent(id)}`)
}

/** Deletes a partner card, then reloads the home content. */
export function useDeletePartnerCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePartnerCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  })
}
