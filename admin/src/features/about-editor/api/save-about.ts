import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { About } from '#schema/about.ts'
import { api } from '../../../lib/api-client.ts'
import { aboutKey } from './get-about.ts'

/**
 * POST /api/admin/hakkimizda when `create` (the server record is entirely empty), else PUT; all seven fields.
 * `version` (as loaded, or as the last save answered) goes as If-Match; the answer's is the next one.
 */
export async function saveAbout({ about, create, version }: { about: About; create: boolean; version?: string }) {
  const body = { ...about, title1: '' }
  const res = await api.sendVersioned<{ message?: string; data?: About }>(
    create ? 'POST' : 'PUT',
    '/api/admin/hakkimizda',
    body,
    { ifMatch: version },
  )
  return { ...res.data, version: res.version }
}

export function useSaveAbout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAbout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aboutKey }),
  })
}
