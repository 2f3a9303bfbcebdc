import { useMutation, useQueryClient } from '@tanstack/react-query'
import { msg } from '#schema/messages.ts'
import { titleBodySchema } from '#schema/home.ts'
import { api } from '../../../lib/api-client.ts'
import { homeQueryKey } from './get-home.ts'

export const serviceItemSchema = titleBodySchema(msg.subItemRequired)

/** POST /api/admin/anasayfa/services/tree/{id}/items { title } */
export async function addServiceItem({ branchId, title }: { branchId: string; title: string }) {
  return api.post(
    `/api/admin/anasayfa/services/tree/${encodeURIComponent(branchId)}/items`,
    serviceItemSchema.parse({ title }),
  )
}

/** Adds a sub-item under a main heading, then reloads the home content. */
export function useAddServiceItem() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addServiceItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  })
}
