import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { referencesQueryKey } from './get-references.ts'

/** DELETE /api/admin/references/slider/{id}: by id, so an image someone else deleted first is never another one. */
export async function deleteSliderImage(id: string) {
  return api.delete<{ success: boolean; sliderImages: string[] }>(
    `/api/admin/references/slider/${encodeURIComponent(id)}`,
  )
}

/** Removes one slider image by id, then reloads the references (also after a 412: the list shows what is there). */
export function useDeleteSliderImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSliderImage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referencesQueryKey }),
  })
}
