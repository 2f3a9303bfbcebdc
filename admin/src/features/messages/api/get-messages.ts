import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { ContactMessage } from '#schema/contact-message.ts'
import type { Paged } from '#schema/paging.ts'
import { api } from '../../../lib/api-client.ts'

export const unreadKey = ['admin', 'messages', 'unread'] as const
export const archiveKey = ['admin', 'messages', 'archive'] as const

/** Which page of which search. */
export type MessageListParams = { page: number; q: string; pageSize?: number }

async function fetchPage(
  path: string,
  { page, q, pageSize = 50 }: MessageListParams,
): Promise<Paged<ContactMessage>> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) })
  if (q) query.set('q', q)
  const res = await api.get<Partial<Paged<ContactMessage>>>(`${path}?${query}`)
  const data = Array.isArray(res.data) ? res.data : []
  return { data, total: res.total ?? data.length, page: res.page ?? page, pageSize: res.pageSize ?? pageSize }
}

/** GET /api/admin/contact?page&pageSize&q: a page of unread messages, newest first, with the total. */
export const fetchUnread = (params: MessageListParams) => fetchPage('/api/admin/contact', params)

/** GET /api/admin/contact/archive?page&pageSize&q: a page of read messages, newest read first, with the total. */
export const fetchArchive = (params: MessageListParams) => fetchPage('/api/admin/contact/archive', params)

/** One inbox page; the previous page stays on screen while the next one loads. */
export function useUnreadMessages(params: MessageListParams) {
  return useQuery({
    queryKey: [...unreadKey, params],
    queryFn: () => fetchUnread(params),
    placeholderData: keepPreviousData,
  })
}

/** One archive page; the previous page stays on screen while the next one loads. */
export function useArchivedMessages(params: MessageListParams) {
  return useQuery({
    queryKey: [...archiveKey, params],
    queryFn: () => fetchArchive(params),
    placeholderData: keepPreviousData,
  })
}
