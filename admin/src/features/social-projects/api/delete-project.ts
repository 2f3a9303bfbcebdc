import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { projectsQueryKey } from './get-projects.ts'

/** DELETE /api/admin/social-projects/{id}; `version` as listed goes as If-Match. */
export async function deleteProject({ id, version }: { id: string; version?: string }) {
  return api.delete<{ success: boolean; message?: string }>(
    `/api/admin/social-projects/${encodeURIComponent(id)}`,
    { ifMatch: version },
  )
}

/** Deletes a project, then reloads the list. */
export function useDeleteProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProject,
    // Refused or not, the list reloads: after a 412 it shows the other person's change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  })
}
