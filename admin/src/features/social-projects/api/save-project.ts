import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SocialProject } from '#schema/social-project.ts'
import { api } from '../../../lib/api-client.ts'
import { projectsQueryKey } from './get-projects.ts'

/** POST /api/admin/social-projects (new) or PUT …/{id}, multipart built by buildProjectFormData. */
export async function saveProject({ id, body }: { id?: string; body: FormData }) {
  type Res = { success: boolean; message?: string; data: SocialProject }
  const path = '/api/admin/social-projects'
  return id ? api.put<Res>(`${path}/${encodeURIComponent(id)}`, body) : api.post<Res>(path, body)
}

/** Creates or updates a project, then reloads the list. */
export function useSaveProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  })
}
