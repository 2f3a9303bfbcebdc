import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import type { SliderItem } from '../reference-logic.ts'
import { referencesQueryKey, type getReferences } from './get-references.ts'

type References = Awaited<ReturnType<typeof getReferences>>

/** PUT /api/admin/references/slider/order { orderedIds }: refused (412) when the slider changed meanwhile. */
export async function reorderSlider(slider: SliderItem[]) {
  return api.put<{ success: boolean; message?: string }>('/api/admin/references/slider/order', {
    orderedIds: slider.map((s) => s.id),
  })
}

/** Shows the new order at once; the list is loaded again afterwards (the previous order on a failure). */
export function useReorderSlider() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: reorderSlider,
    onMutate: async (slider) => {
      await queryClient.cancelQueries({ queryKey: referencesQueryKey })
      const previous = queryClient.getQueryData<References>(referencesQueryKey)
      queryClient.setQueryData<References>(referencesQueryKey, (old) =>
        old ? { ...old, slider, sliderImages: slider.map((s) => s.url) } : old,
      )
      return { previous }
    },
    onError: (_error, _slider, context) => {
      if (context?.previous) queryClient.setQueryData(referencesQueryKey, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: referencesQueryKey }),
  })
}
