import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { blogsQueryKey } from './get-blogs.ts'

/** DELETE /api/admin/blogs/{id}; `version` as listed goes as If-Match (a post changed since gets 412). */
export async function deleteBlog({ id, version }: { id: string; version?: string }) {
  return api.delete<{ success: boolean; message?: string }>(`/api/admin/blogs/${encodeURIComponent(id)}`, {
    ifMatch: version,
  })
}

/** Deletes a post, then reloads the list. */
export function useDeleteBlog() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBlog,
    // Refused or not, the list reloads: after a 412 it shows the other person's change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogsQueryKey }),
  })
}
