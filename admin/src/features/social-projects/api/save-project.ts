import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SocialProject } from '#schema/social-project.ts'
import { api } from '../../../lib/api-client.ts'
import { projectsQueryKey } from './get-projects.ts'

/** POST /api/admin/social-projects (new) or PUT …/{id}, multipart built by buildProjectFormData. */
export async function saveProject({ id, body, version }: { id?: string; body: FormData; version?: string }) {
  type Res = { success: boolean; message?: string; data: SocialProject }
  const path = '/api/admin/social-projects'
  // `version`: the one the editor loaded, sent as If-Match so a save over someone else's gets 412.
  return id ? api.put<Res>(`${path}/${encodeURIComponent(id)}`, body, { ifMatch: version }) : api.post<Res>(path, body)
}

/** Creates or updates a project, then reloads the list. */
export function useSaveProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  })
}
