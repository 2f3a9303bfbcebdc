import type { Deps } from '../app-env.ts'

/** One check of /readyz: ok, or the reason it is not (Turkish, for the operator). */
export type Check = { ok: boolean; reason?: string; warning?: string }
export type Readiness = { ready: boolean; checks: Record<'database' | 'content' | 'publish' | 'git', Check> }

/**
 * Whether this process should get traffic (GET /readyz): the database answers, every content file on disk is
 * valid, the last publish went live, and git records the saves. A failing push is reported as a warning only:
 * the remote being down or ahead is for an operator to fix, and taking the only server out of a load balancer
 * for it would take the site down (decision 050).
 */
export function readiness(deps: Deps): Readiness {
  const checks: Readiness['checks'] = {
    database: { ok: true },
    content: { ok: true },
    publish: { ok: true },
    git: { ok: true },
  }
  try {
    deps.data.db.prepare('SELECT 1').get()
  } catch (err) {
    checks.database = { ok: false, reason: `Veritabanı kullanılamıyor: ${err instanceof Error ? err.message : err}` }
  }
  const content = deps.content.status()
  if (content.errors.length > 0) {
    const files = content.errors.map((e) => `${e.file}${e.field ? ` (${e.field})` : ''}: ${e.message}`)
    checks.content = { ok: false, reason: `Geçersiz içerik dosyası: ${files.join('; ')}` }
  }
  const build = deps.buildStatus()
  if (build.failed > build.generation)
    checks.publish = { ok: false, reason: `Son yayın başarısız: ${build.lastError ?? 'bilinmeyen hata'}` }
  // Pages one value breaks (issue 27): the rest of the site is live and current, so a warning, as the dashboard's.
  else if (build.pageErrors?.length)
    checks.publish = {
      ok: true,
      warning: `Oluşturulamayan sayfalar (önceki hâlleri yayında): ${build.pageErrors
        .map((e) => `${e.path}${e.field ? ` (${e.field})` : ''}: ${e.message}`)
        .join('; ')}`,
    }
  const git = content.git as (typeof content.git & { sync?: { error: string | null } }) | undefined
  if (git?.error) checks.git = { ok: false, reason: git.error }
  // The remote (unreachable, refusing a push, carrying a file the schemas refuse): a warning, as for a push.
  else if (git?.push?.error || git?.sync?.error)
    checks.git = { ok: true, warning: [git.push?.error, git.sync?.error].filter(Boolean).join('; ') }
  return { ready: Object.values(checks).every((c) => c.ok), checks }
}
