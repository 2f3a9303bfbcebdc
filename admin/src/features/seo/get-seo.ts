import { useQuery } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

export type SeoIssue = { code: string; severity: 'error' | 'warning'; message: string }
export type SeoPage = { path: string; title: string; edit: string | null; issues: SeoIssue[] }
export type SeoReport = { checkedAt: string | null; checkedPages: number; pages: SeoPage[] }

/** GET /api/admin/seo: the findings of the live pages, worst first (checked after each publish). */
export async function fetchSeo(): Promise<SeoReport> {
  return (await api.get<{ data: SeoReport }>('/api/admin/seo')).data
}

export function useSeo() {
  return useQuery({ queryKey: ['admin', 'seo'], queryFn: fetchSeo, refetchOnMount: 'always' })
}
