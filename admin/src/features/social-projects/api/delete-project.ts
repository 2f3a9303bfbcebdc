import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { projectsQueryKey } from './get-projects.ts'

/** DELETE /api/admin/social-projects/{id} */
export async function deleteProject(id: string) {
  return api.delete<{ success: boolean; message?: string }>(
    `/api/admin/social-projects/${encodeURIComponent(id)}`,
  )
}

/** Deletes a project, then reloads the list. */
export function useDeleteProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  })
}
