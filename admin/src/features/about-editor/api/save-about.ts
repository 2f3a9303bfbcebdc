import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { About } from '#schema/about.ts'
import { api } from '../../../lib/api-client.ts'
import { aboutKey } from './get-about.ts'

/** POST /api/admin/hakkimizda when `create` (the server record is entirely empty), else PUT; all seven fields. */
export async function saveAbout({ about, create }: { about: About; create: boolean }) {
  const body = { ...about, title1: '' }
  return create
    ? api.post<{ message?: string; data?: About }>('/api/admin/hakkimizda', body)
    : api.put<{ message?: string; data?: About }>('/api/admin/hakkimizda', body)
}

export function useSaveAbout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveAbout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: aboutKey }),
  })
}
