import { useMutation, useQueryClient } from '@tanstack/react-query'
import { partnerCardInputSchema, type PartnerCard } from '#schema/home.ts'
import { api } from '../../../lib/api-client.ts'
import { guardedWrite } from '../section-guard.ts'
import { homeQueryKey } from './get-home.ts'

export type PartnerCardInput = Omit<PartnerCard, 'id'>

/** POST /api/admin/anasayfa/partners/cards (no id) or PUT …/cards/{id}; the body is checked with the shared schema. */
export async function savePartnerCard({ id, card, base }: { id?: string; card: PartnerCardInput; base?: string }) {
  const body = partnerCardInputSchema.parse(card)
  const path = '/api/admin/anasayfa/partners/cards'
  return guardedWrite('partners', (ifMatch) =>
    id
      ? api.sendVersioned<{ success: boolean; data: PartnerCard }>('PUT', `${path}/${encodeURIComponent(id)}`, body, {
          ifMatch,
        })
      : api.sendVersioned<{ success: boolean; data: PartnerCard }>('POST', path, body, { ifMatch }),
    base,
  )
}

/** Adds or updates a partner card, then reloads the home content. */
export function useSavePartnerCard() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: savePartnerCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  })
}
