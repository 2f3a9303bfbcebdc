import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ADMIN_PAGE_SIZE } from '#schema/list-query.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { api } from '../../../lib/api-client.ts'

export const projectsQueryKey = ['admin-social-projects'] as const

/** A whole project as GET /api/admin/social-projects/{id} answers it (older data may say created_at or content_structure). */
export type AdminProject = SocialProject & {
  created_at?: string
  content_structure?: unknown
  /** The stored version, sent back as If-Match on save. */
  version?: string
}

/** A row of the paged list: the project without its body (contentStructure, images, description). */
export type ProjectRow = Omit<
  AdminProject,
  'contentStructure' | 'images' | 'content_structure' | 'description'
>

/** What the list shows: one page of rows and the paging numbers. */
export type ProjectPage = { rows: ProjectRow[]; total: number; page: number; pageSize: number }

/** Which page of which search. */
export type ProjectListParams = { page: number; q: string; pageSize?: number; state?: 'all' | 'scheduled' }

/** GET /api/admin/social-projects?page&pageSize&q: one page of projects, drafts too, newest project date first. */
export async function getProjects({
  page,
  q,
  state,
  pageSize = ADMIN_PAGE_SIZE,
}: ProjectListParams): Promise<ProjectPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) })
  if (q) query.set('q', q)
  if (state === 'scheduled') query.set('state', state)
  const res = await api.get<{
    projects?: ProjectRow[]
    data?: ProjectRow[]
    total?: number
    page?: number
    pageSize?: number
  }>(`/api/admin/social-projects?${query}`)
  const list = res.projects ?? res.data
  const rows = Array.isArray(list) ? list : []
  return { rows, total: res.total ?? rows.length, page: res.page ?? page, pageSize: res.pageSize ?? pageSize }
}

/** One page of the project management list; the previous page stays on screen while the next one loads. */
export function useProjects(params: ProjectListParams) {
  return useQuery({
    queryKey: [...projectsQueryKey, 'list', params],
    queryFn: () => getProjects(params),
    placeholderData: keepPreviousData,
  })
}
