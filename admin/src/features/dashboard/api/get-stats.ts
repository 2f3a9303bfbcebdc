import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

export type Stats = { totalPages: number; totalBlogs: number; totalServices: number; totalViews: number }
const zeros: Stats = { totalPages: 0, totalBlogs: 0, totalServices: 0, totalViews: 0 }

/** GET /api/admin/stats; the spec's fallback is zeros, so failures resolve to zeros instead of an error. */
export async function fetchStats(): Promise<Stats> {
  try {
    const res = await api.get<{ data?: Partial<Stats> } & Partial<Stats>>('/api/admin/stats')
    const s = res.data ?? res
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)
    return {
      totalPages: n(s.totalPages),
      totalBlogs: n(s.totalBlogs),
      totalServices: n(s.totalServices),
      totalViews: n(s.totalViews),
    }
  } catch (error) {
    console.error(error)
    return zeros
  }
}

export function useStats() {
  return useQuery({ queryKey: ['admin', 'stats'], queryFn: fetchStats, placeholderData: zeros })
}
