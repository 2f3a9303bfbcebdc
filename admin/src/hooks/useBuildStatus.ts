import { useQuery } from '@tanstack/react-query'
import { fetchBuildStatus } from '../lib/build-status.ts'

/**
 * GET /api/admin/build; polls every 3 s while a rebuild is queued or running, and every 5 s while a content file
 * is refused (an editor's warning goes once the file is saved or fixed on disk).
 */
export function useBuildStatus() {
  return useQuery({
    queryKey: ['admin', 'build'],
    queryFn: fetchBuildStatus,
    refetchInterval: (query) => {
      const data = query.state.data
      if (data?.state === 'queued' || data?.state === 'building') return 3000
      return data?.content?.errors.length ? 5000 : false
    },
  })
}
