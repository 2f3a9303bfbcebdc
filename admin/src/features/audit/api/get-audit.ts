import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { AuditEntry } from '#schema/audit.ts'
import type { Paged } from '#schema/paging.ts'
import { api } from '../../../lib/api-client.ts'

/** A page of the audit log plus the e-mails the user filter offers. */
export type AuditPage = Paged<AuditEntry> & { users: string[] }
/** Which page, which words, which user ('' = everyone). */
export type AuditParams = { page: number; q: string; user: string }

/** GET /api/admin/audit?page&pageSize&q&user (superadmins): admin actions, newest first. */
export async function getAudit({ page, q, user }: AuditParams): Promise<AuditPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: '50' })
  if (q) query.set('q', q)
  if (user) query.set('user', user)
  const res = await api.get<Partial<AuditPage>>(`/api/admin/audit?${query}`)
  const data = Array.isArray(res.data) ? res.data : []
  return {
    data,
    total: res.total ?? data.length,
    page: res.page ?? page,
    pageSize: res.pageSize ?? 50,
    users: res.users ?? [],
  }
}

/** One page of the audit log; the previous page stays on screen while the next one loads. */
export function useAudit(params: AuditParams) {
  return useQuery({
    queryKey: ['admin', 'audit', params],
    queryFn: () => getAudit(params),
    placeholderData: keepPreviousData,
  })
}
