import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ContactMessage } from '#schema/contact-message.ts'
import { api } from '../../../lib/api-client.ts'
import { archiveKey, unreadKey } from './get-messages.ts'

/** PUT /api/admin/contact/:id/read: the message moves to the archive. */
export async function markRead(id: string) {
  return api.put<{ message?: string; data: ContactMessage }>(
    `/api/admin/contact/${encodeURIComponent(id)}/read`,
  )
}

export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unreadKey }),
        queryClient.invalidateQueries({ queryKey: archiveKey }),
      ]),
  })
}
