import { useQuery } from '@tanstack/react-query'
import type { BlogPost } from '#schema/blog.ts'
import { api } from '../../../lib/api-client.ts'

export const blogsQueryKey = ['admin-blogs'] as const

/** A post as the admin list gets it (older data may say created_at or content_structure). */
export type AdminBlogPost = BlogPost & { created_at?: string; content_structure?: unknown }

/** GET /api/admin/blogs: every post, drafts too. */
export async function getBlogs() {
  const res = await api.get<{ success: boolean; data: AdminBlogPost[] }>('/api/admin/blogs')
  return Array.isArray(res.data) ? res.data : []
}

/** All posts for the blog management list. */
export function useBlogs() {
  return useQuery({ queryKey: blogsQueryKey, queryFn: getBlogs })
}
