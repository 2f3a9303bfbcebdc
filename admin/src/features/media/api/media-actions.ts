import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { mediaQueryKey } from '../../../lib/media.ts'

/** DELETE /api/admin/media/:name (only an unused upload; 409 with its uses otherwise). */
export async function deleteMedia(url: string) {
  const name = url.slice('/uploads/'.length)
  return api.delete<{ message: string }>(`/api/admin/media/${encodeURIComponent(name)}`)
}

/** PUT /api/admin/media/alt: the alt text kept with an image. */
export async function saveAlt(input: { url: string; alt: string }) {
  return api.put<{ message: string }>('/api/admin/media/alt', input)
}

/** Both mutations refresh the library list (the picker in image fields reads the same list). */
export function useMediaActions() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaQueryKey })
  return {
    remove: useMutation({ mutationFn: deleteMedia, onSuccess: refresh }),
    saveAlt: useMutation({ mutationFn: saveAlt, onSuccess: refresh }),
  }
}
