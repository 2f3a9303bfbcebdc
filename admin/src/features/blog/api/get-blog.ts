import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { blogsQueryKey, type AdminBlogPost } from './get-blogs.ts'

/** GET /api/admin/blogs/{id}: the whole post (body included) for the edit form. */
export async function getBlog(id: string): Promise<AdminBlogPost> {
  const res = await api.get<{ data: AdminBlogPost }>(`/api/admin/blogs/${encodeURIComponent(id)}`)
  return res.data
}

/** The post being edited, loaded fresh each time the form opens (nothing cached once it closes). */
export function useBlog(id: string) {
  return useQuery({ queryKey: [...blogsQueryKey, 'item', id], queryFn: () => getBlog(id), gcTime: 0 })
}
