import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/**
 * The process's Prometheus metrics (GET /metrics, api/ops/). One registry per process: counters are bumped where
 * things happen (publishes, renders, git, the contact form, HTTP answers); gauges that describe a state (the
 * writer thread's queue, git's lag) are read at scrape time from the sources registered below.
 */
export const registry = new Registry()
collectDefaultMetrics({ register: registry })

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120]

export const metrics = {
  publishes: new Counter({
    name: 'site_publishes_total',
    help: 'Publishes of the site, by result (ok, failed)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  publishDuration: new Histogram({
    name: 'site_publish_duration_seconds',
    help: 'How long a publish took (render, write, swap)',
    buckets: SECONDS,
    registers: [registry],
  }),
  pagesRendered: new Counter({
    name: 'site_pages_rendered_total',
    help: 'Pages rendered by publishes',
    registers: [registry],
  }),
  saveToLive: new Histogram({
    name: 'site_save_to_live_seconds',
    help: 'From a content save to the publish that carries it going live',
    buckets: SECONDS,
    registers: [registry],
  }),
  httpRequests: new Counter({
    name: 'site_http_requests_total',
    help: 'HTTP answers by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'Time to answer, by route (hot site files: until the answer is handed to the socket)',
    labelNames: ['route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  }),
  contactMessages: new Counter({
    name: 'site_contact_messages_total',
    help: 'Contact form messages stored',
    registers: [registry],
  }),
  gitCommits: new Counter({
    name: 'site_git_commits_total',
    help: 'Commits of content saves, by result (ok, failed: each failed attempt)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  gitProcesses: new Counter({
    name: 'site_git_processes_total',
    help: 'git processes started (each forks the server), by git command',
    labelNames: ['command'] as const,
    registers: [registry],
  }),
  gitPushes: new Counter({
    name: 'site_git_pushes_total',
    help: 'Pushes to CONTENT_GIT_REMOTE, by result (ok, failed: each failed attempt)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  gitSyncFailures: new Counter({
    name: 'site_git_sync_failures_total',
    help: 'Failed syncs with CONTENT_GIT_REMOTE (fetch and merge), by kind (unreachable, refused-file, other)',
    labelNames: ['kind'] as const,
    registers: [registry],
  }),
}

/** What the state gauges read at scrape time (the last store opened registers itself: the server has one). */
export type GitLag = { pending: number; commitLagSeconds: number; pushLagSeconds: number; failing: boolean }
const sources = {
  writerDepth: (): number => 0,
  git: (): GitLag | null => null,
}
export function registerWriterDepth(read: () => number): void {
  sources.writerDepth = read
}
export function registerGitLag(read: () => GitLag | null): void {
  sources.git = read
}
/** The sync with the remote at scrape time (issue 29): how far apart, open conflicts, failing. */
export type GitSync = { ahead: number; behind: number; conflicts: number; failing: boolean }
const syncSource: { read: () => GitSync | null } = { read: () => null }
export function registerGitSync(read: () => GitSync | null): void {
  syncSource.read = read
}
new Gauge({
  name: 'site_git_sync_ahead',
  help: 'Commits of the server that CONTENT_GIT_REMOTE lacks, as of the last fetch or push',
  registers: [registry],
  collect() {
    this.set(syncSource.read()?.ahead ?? 0)
  },
})
new Gauge({
  name: 'site_git_sync_behind',
  help: 'Commits of CONTENT_GIT_REMOTE not merged yet, as of the last fetch',
  registers: [registry],
  collect() {
    this.set(syncSource.read()?.behind ?? 0)
  },
})
new Gauge({
  name: 'site_git_sync_conflicts',
  help: 'Fields both sides changed whose other value is still offered to staff (open conflicts)',
  registers: [registry],
  collect() {
    this.set(syncSource.read()?.conflicts ?? 0)
  },
})

new Gauge({
  name: 'site_writer_queue_depth',
  help: 'Writes (contact messages, audit entries, counter flushes) waiting for the writer thread',
  registers: [registry],
  collect() {
    this.set(sources.writerDepth())
  },
})
new Gauge({
  name: 'site_git_commits_pending',
  help: 'Content saves on disk whose commit is not made yet',
  registers: [registry],
  collect() {
    this.set(sources.git()?.pending ?? 0)
  },
})
new Gauge({
  name: 'site_git_commit_lag_seconds',
  help: 'Age of the oldest save waiting for its commit (0: every save is committed)',
  registers: [registry],
  collect() {
    this.set(sources.git()?.commitLagSeconds ?? 0)
  },
})
new Gauge({
  name: 'site_git_push_lag_seconds',
  help: 'How far CONTENT_GIT_REMOTE is behind: age of the oldest commit not pushed yet (0: in sync)',
  registers: [registry],
  collect() {
    this.set(sources.git()?.pushLagSeconds ?? 0)
  },
})
new Gauge({
  name: 'site_git_failing',
  help: '1 while the last commit, push or sync with the remote failed (the admin status shows why)',
  registers: [registry],
  collect() {
    this.set(sources.git()?.failing || syncSource.read()?.failing ? 1 : 0)
  },
})
