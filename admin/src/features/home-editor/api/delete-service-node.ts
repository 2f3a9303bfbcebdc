import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { guardedWrite } from '../section-guard.ts'
import { homeQueryKey } from './get-home.ts'

/** A main heading (no itemId) or one of its sub-items. */
export type ServiceNode = { branchId: string; itemId?: string }

/** DELETE /api/admin/anasayfa/services/tree/{id} or …/tree/{id}/items/{itemId} */
export async function deleteServiceNode({ branchId, itemId }: ServiceNode) {
  const base = `/api/admin/anasayfa/services/tree/${encodeURIComponent(branchId)}`
  const path = itemId ? `${base}/items/${encodeURIComponent(itemId)}` : base
  return guardedWrite('services', (ifMatch) => api.sendVersioned<unknown>('DELETE', path, undefined, { ifMatch }))
}

/** Deletes a heading or sub-item, then reloads the home content. */
export function useDeleteServiceNode() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteServiceNode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  })
}
