import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sliderInputSchema } from '#schema/reference.ts'
import { api } from '../../../lib/api-client.ts'
import { referencesQueryKey } from './get-references.ts'

/** POST /api/admin/references/slider { image } (the URL of a resized JPEG upload); answers the new slider list. */
export async function addSliderImage(image: string) {
  return api.post<{ success: boolean; sliderImages: string[] }>(
    '/api/admin/references/slider',
    sliderInputSchema.parse({ image }),
  )
}

/** Adds a slider image, then reloads the references. */
export function useAddSliderImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addSliderImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referencesQueryKey }),
  })
}
