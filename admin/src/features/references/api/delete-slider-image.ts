import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { referencesQueryKey } from './get-references.ts'

/** DELETE /api/admin/references/slider/{index} */
export async function deleteSliderImage(index: number) {
  return api.delete<{ success: boolean; sliderImages: string[] }>(`/api/admin/references/slider/${index}`)
}

/** Removes one slider image by position, then reloads the references. */
export function useDeleteSliderImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSliderImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referencesQueryKey }),
  })
}
