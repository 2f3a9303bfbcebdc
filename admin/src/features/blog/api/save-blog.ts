import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { BlogPost } from '#schema/blog.ts'
import { api } from '../../../lib/api-client.ts'
import { blogsQueryKey } from './get-blogs.ts'

/** POST /api/admin/blogs (new) or PUT /api/admin/blogs/{id}, multipart built by buildBlogFormData. */
export async function saveBlog({ id, body, version }: { id?: string; body: FormData; version?: string }) {
  type Res = { success: boolean; message?: string; data: BlogPost }
  // `version`: the one the editor loaded, sent as If-Match so a save over someone else's gets 412.
  return id
    ? api.put<Res>(`/api/admin/blogs/${encodeURIComponent(id)}`, body, { ifMatch: version })
    : api.post<Res>('/api/admin/blogs', body)
}

/** Creates or updates a post, then reloads the list. */
export function useSaveBlog() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveBlog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogsQueryKey }),
  })
}
