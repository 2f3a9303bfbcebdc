import { useQuery } from '@tanstack/react-query'
import type { SocialProject } from '#schema/social-project.ts'
import { api } from '../../../lib/api-client.ts'

export const projectsQueryKey = ['admin-social-projects'] as const

/** A project as the admin list gets it (older data may say created_at or content_structure). */
export type AdminProject = SocialProject & { created_at?: string; content_structure?: unknown }

/** GET /api/admin/social-projects: every project, drafts too. */
export async function getProjects() {
  const res = await api.get<{ success: boolean; projects?: AdminProject[]; data?: AdminProject[] }>(
    '/api/admin/social-projects',
  )
  const list = res.projects ?? res.data
  return Array.isArray(list) ? list : []
}

/** All projects for the management list. */
export function useProjects() {
  return useQuery({ queryKey: projectsQueryKey, queryFn: getProjects })
}
