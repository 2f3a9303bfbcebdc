import { useMutation, useQueryClient } from '@tanstack/react-query'
import { msg } from '#schema/messages.ts'
import { titleBodySchema } from '#schema/home.ts'
import { api } from '../../../lib/api-client.ts'
import { guardedWrite } from '../section-guard.ts'
import { homeQueryKey } from './get-home.ts'

export const serviceItemSchema = titleBodySchema(msg.subItemRequired)

/** POST /api/admin/anasayfa/services/tree/{id}/items { title } */
export async function addServiceItem({ branchId, title }: { branchId: string; title: string }) {
  const body = serviceItemSchema.parse({ title })
  const path = `/api/admin/anasayfa/services/tree/${encodeURIComponent(branchId)}/items`
  return guardedWrite('services', (ifMatch) => api.sendVersioned<unknown>('POST', path, body, { ifMatch }))
}

/** Adds a sub-item under a main heading, then reloads the home content. */
export function useAddServiceItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addServiceItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  })
}
