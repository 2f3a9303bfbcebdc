import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { blogsQueryKey } from './get-blogs.ts'

/** DELETE /api/admin/blogs/{id} */
export async function deleteBlog(id: string) {
  return api.delete<{ success: boolean; message?: string }>(`/api/admin/blogs/${encodeURIComponent(id)}`)
}

/** Deletes a post, then reloads the list. */
export function useDeleteBlog() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBlog,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogsQueryKey }),
  })
}
