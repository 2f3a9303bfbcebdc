import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

export type DayFigures = { date: string; views: number; downloads: number; messages: number }
export type DailyStats = {
  days: DayFigures[]
  pages: { path: string; title: string | null; views: number }[]
  referrers: { domain: string; views: number }[]
  downloads: { id: string; title: string | null; downloads: number }[]
}

/** The periods staff pick from (days, today included). */
export const PERIODS = [7, 30, 90] as const
export type Period = (typeof PERIODS)[number]

/** GET /api/admin/stats/daily?days=N: figures per Istanbul day and the period's top pages, referrers, programs. */
export async function fetchDailyStats(days: number): Promise<DailyStats> {
  return (await api.get<{ data: DailyStats }>(`/api/admin/stats/daily?days=${days}`)).data
}

export function useDailyStats(days: number) {
  return useQuery({
    queryKey: ['admin', 'stats', 'daily', days],
    queryFn: () => fetchDailyStats(days),
    refetchOnMount: 'always',
  })
}
