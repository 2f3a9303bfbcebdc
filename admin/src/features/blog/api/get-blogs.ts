import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { BlogPost } from '#schema/blog.ts'
import { ADMIN_PAGE_SIZE } from '#schema/list-query.ts'
import { api } from '../../../lib/api-client.ts'

export const blogsQueryKey = ['admin-blogs'] as const

/** A whole post as GET /api/admin/blogs/{id} answers it (older data may say created_at or content_structure). */
export type AdminBlogPost = BlogPost & {
  created_at?: string
  content_structure?: unknown
  /** The stored version, sent back as If-Match on save. */
  version?: string
}

/** A row of the paged list: the post without its body (contentStructure, images). */
export type BlogRow = Omit<AdminBlogPost, 'contentStructure' | 'images' | 'content_structure'> & {
  views?: number
}

/** What the list shows: one page of rows and the paging numbers. */
export type BlogPage = { rows: BlogRow[]; total: number; page: number; pageSize: number }

/** Which page of which search. */
export type BlogListParams = { page: number; q: string; pageSize?: number; state?: 'all' | 'scheduled' }

/** GET /api/admin/blogs?page&pageSize&q: one page of posts, drafts too, newest first. */
export async function getBlogs({ page, q, pageSize = ADMIN_PAGE_SIZE, state }: BlogListParams): Promise<BlogPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) })
  if (q) query.set('q', q)
  if (state === 'scheduled') query.set('state', state)
  const res = await api.get<{ data?: BlogRow[]; total?: number; page?: number; pageSize?: number }>(
    `/api/admin/blogs?${query}`,
  )
  const rows = Array.isArray(res.data) ? res.data : []
  return { rows, total: res.total ?? rows.length, page: res.page ?? page, pageSize: res.pageSize ?? pageSize }
}

/** One page of the blog management list; the previous page stays on screen while the next one loads. */
export function useBlogs(params: BlogListParams) {
  return useQuery({
    queryKey: [...blogsQueryKey, 'list', params],
    queryFn: () => getBlogs(params),
    placeholderData: keepPreviousData,
  })
}
