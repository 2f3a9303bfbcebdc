import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { guardedWrite } from '../section-guard.ts'
import { homeQueryKey } from './get-home.ts'

/** DELETE /api/admin/anasayfa/partners/cards/{id} */
export async function deletePartnerCard(id: string) {
  const path = `/api/admin/anasayfa/partners/cards/${encodeURIComponent(id)}`
  return guardedWrite('partners', (ifMatch) => api.sendVersioned<unknown>('DELETE', path, undefined, { ifMatch }))
}

/** Deletes a partner card, then reloads the home content. */
export function useDeletePartnerCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deletePartnerCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  })
}
