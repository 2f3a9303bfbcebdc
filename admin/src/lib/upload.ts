import { api } from './api-client.ts'

/** POST /api/upload (field `image`) → the stored URL. kind 'media' also takes banner videos. */
export async function uploadImage(file: File, kind: 'image' | 'media' = 'image'): Promise<string> {
  const form = new FormData()
  form.append('image', file)
  const res = await api.post<{ imageUrl: string }>(
    kind === 'media' ? '/api/upload?kind=media' : '/api/upload',
    form,
  )
  return res.imageUrl
}
