import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

/** POST /api/upload (field `image`); `media` also allows mp4/webm/ogg video for the banner. Returns the URL. */
export async function uploadFile({ file, media = false }: { file: File; media?: boolean }) {
  const body = new FormData()
  body.append('image', file)
  const res = await api.post<{ success: boolean; imageUrl: string }>(
    `/api/upload${media ? '?kind=media' : ''}`,
    body,
  )
  return res.imageUrl
}

/** Uploads one image (or banner media) and gives back its URL. */
export function useUploadFile() {
  return useMutation({ mutationFn: uploadFile })
}
