import { useQuery } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'

export const maintenanceKey = ['maintenance'] as const

/** GET /api/maintenance: the current flag (the dashboard also reads API reachability from this call). */
export async function fetchMaintenance(): Promise<boolean> {
  const res = await api.get<{ maintenanceMode: boolean }>('/api/maintenance')
  return res.maintenanceMode === true
}

export function useMaintenance() {
  return useQuery({ queryKey: maintenanceKey, queryFn: fetchMaintenance })
}
