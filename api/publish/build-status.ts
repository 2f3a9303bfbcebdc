/** State of the site rebuild, as GET /api/admin/build reports it. */
export type BuildStatus = {
  state: 'idle' | 'queued' | 'building' | 'failed'
  startedAt: string | null
  finishedAt: string | null
  lastDurationMs: number | null
  lastError: string | null
  /** Increases with every successful swap; the admin waits for it to pass the value seen after a save. */
  generation: number
}

/** The state before the first build (also what the API reports when nothing builds the site, as in tests). */
export function idleBuildStatus(): BuildStatus {
  return {
    state: 'idle',
    startedAt: null,
    finishedAt: null,
    lastDurationMs: null,
    lastError: null,
    generation: 0,
  }
}
