import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { projectsQueryKey, type AdminProject } from './get-projects.ts'

/** GET /api/admin/social-projects/{id}: the whole project (body included) for the edit form. */
export async function getProject(id: string): Promise<AdminProject> {
  const res = await api.get<{ project: AdminProject }>(`/api/admin/social-projects/${encodeURIComponent(id)}`)
  return res.project
}

/** The project being edited, loaded fresh each time the form opens (nothing cached once it closes). */
export function useProject(id: string) {
  return useQuery({ queryKey: [...projectsQueryKey, 'item', id], queryFn: () => getProject(id), gcTime: 0 })
}
