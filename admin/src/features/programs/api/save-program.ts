import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type { programInputSchema } from '#schema/program.ts'
import { api } from '../../../lib/api-client.ts'
import { programsKey, type AdminProgram } from './get-programs.ts'

export type ProgramSave = {
  id: string | null
  input: z.output<typeof programInputSchema>
  /** The logo's URL (uploaded when chosen, or from the media library); '' for none. */
  logoPath: string
  /** Required on create; on edit a new file replaces the old one, none keeps it. */
  file: File | null
  /** The program's stored version as loaded, sent as If-Match. */
  contentVersion?: string
}

/**
 * POST /api/admin/programs or PUT /:id, multipart: name, description, version, the logo by its URL (`logoPath`:
 * the image field uploads it first, so no `logo` file part is sent) and the optional file.
 */
export async function saveProgram({ id, input, logoPath, file, contentVersion }: ProgramSave) {
  const form = new FormData()
  form.append('name', input.name)
  form.append('description', input.description)
  form.append('version', input.version)
  form.append('logoPath', logoPath)
  if (file) form.append('file', file)
  const path = id ? `/api/admin/programs/${encodeURIComponent(id)}` : '/api/admin/programs'
  return id
    ? api.put<{ message?: string; data: AdminProgram }>(path, form, { ifMatch: contentVersion })
    : api.post<{ message?: string; data: AdminProgram }>(path, form)
}

export function useSaveProgram() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveProgram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsKey }),
  })
}
