import { useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

export type SeoIssue = { code: string; severity: 'error' | 'warning'; message: string }
export type SeoPage = { path: string; title: string; edit: string | null; issues: SeoIssue[] }
export type SeoReport = { checkedAt: string | null; checkedPages: number; total: number; pages: SeoPage[] }
/** `limit`: the worst pages only; `path`: one page's findings. */
export type SeoQuery = { limit?: number; path?: string }

/** GET /api/admin/seo: the findings of the live pages, worst first (checked after each publish). */
export async function fetchSeo(query: SeoQuery = {}): Promise<SeoReport> {
  const params = new URLSearchParams()
  if (query.limit) params.set('limit', String(query.limit))
  if (query.path) params.set('path', query.path)
  return (await api.get<{ data: SeoReport }>(`/api/admin/seo${params.size ? `?${params}` : ''}`)).data
}

export function useSeo(query: SeoQuery = {}) {
  return useQuery({
    queryKey: ['admin', 'seo', query],
    queryFn: () => fetchSeo(query),
    refetchOnMount: 'always',
  })
}
