import { useQuery } from '@tanstack/react-query'
import type { AuditEntry } from '#schema/audit.ts'
import { api } from '../../../lib/api-client.ts'

/** GET /api/admin/audit/recent: the last ten admin actions, newest first (every admin sees them). */
export async function fetchRecentActions(): Promise<AuditEntry[]> {
  const res = await api.get<{ data?: AuditEntry[] }>('/api/admin/audit/recent')
  return Array.isArray(res.data) ? res.data : []
}

/** The dashboard's 'Son işlemler'; refreshed whenever the dashboard is opened. */
export function useRecentActions() {
  return useQuery({
    queryKey: ['admin', 'audit', 'recent'],
    queryFn: fetchRecentActions,
    refetchOnMount: 'always',
  })
}
