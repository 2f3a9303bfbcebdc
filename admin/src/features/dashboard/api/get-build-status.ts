import { useQuery } from '@tanstack/react-query'
import { fetchBuildStatus } from '../../../lib/build-status.ts'

/** GET /api/admin/build; polls every 3 s while a rebuild is queued or running. */
export function useBuildStatus() {
  return useQuery({
    queryKey: ['admin', 'build'],
    queryFn: fetchBuildStatus,
    refetchInterval: (query) => {
      const state = query.state.data?.state
      return state === 'queued' || state === 'building' ? 3000 : false
    },
  })
}
