import { useQuery } from '@tanstack/react-query'
import type { ContactMessage } from '#schema/contact-message.ts'
import { api } from '../../../lib/api-client.ts'

export const unreadKey = ['admin', 'messages', 'unread'] as const
export const archiveKey = ['admin', 'messages', 'archive'] as const

/** GET /api/admin/contact: unread messages, newest first. */
export async function fetchUnread(): Promise<ContactMessage[]> {
  const res = await api.get<{ data: ContactMessage[] }>('/api/admin/contact')
  return Array.isArray(res.data) ? res.data : []
}

/** GET /api/admin/contact/archive: read messages, newest read first. */
export async function fetchArchive(): Promise<ContactMessage[]> {
  const res = await api.get<{ data: ContactMessage[] }>('/api/admin/contact/archive')
  return Array.isArray(res.data) ? res.data : []
}

export function useUnreadMessages() {
  return useQuery({ queryKey: unreadKey, queryFn: fetchUnread })
}

export function useArchivedMessages() {
  return useQuery({ queryKey: archiveKey, queryFn: fetchArchive })
}
