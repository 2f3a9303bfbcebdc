import { api } from './api-client.ts'

/** State of the public site rebuild (GET /api/admin/build; mirrors api/lib/app-env.ts BuildStatus). */
export type BuildStatus = {
  state: 'idle' | 'queued' | 'building' | 'failed'
  startedAt: string | null
  finishedAt: string | null
  lastDurationMs: number | null
  lastError: string | null
  /** Increases with every successful build swap. */
  generation: number
}

/** Reads the current build state. */
export async function fetchBuildStatus(): Promise<BuildStatus> {
  const res = await api.get<{ data: BuildStatus }>('/api/admin/build')
  return res.data
}
