import type { DatabaseSync } from 'node:sqlite'
import { transaction } from './database.ts'

export type SeoFinding = { code: string; severity: 'error' | 'warning'; message: string }
export type SeoPageRow = {
  path: string
  title: string
  description: string
  findings: SeoFinding[]
  checkedAt: string
}

/**
 * The SEO findings of the rendered pages (table seo_pages): written after a publish, read by the dashboard. The rows
 * are also kept in memory (read once, then changed with each save): a report after a publish does not read and
 * parse 10,000 rows again.
 */
export function seoPageStore(db: DatabaseSync) {
  const upsert = db.prepare(
    'INSERT INTO seo_pages (path, title, description, findings, checked_at) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (path) DO UPDATE SET title = excluded.title, description = excluded.description, ' +
      'findings = excluded.findings, checked_at = excluded.checked_at',
  )
  const remove = db.prepare('DELETE FROM seo_pages WHERE path = ?')
  const all = db.prepare('SELECT path, title, description, findings, checked_at FROM seo_pages')
  /** Grows with every save: readers keep what they computed from the rows until it changes. */
  let version = 0
  let kept: Map<string, SeoPageRow> | null = null
  let list: SeoPageRow[] | null = null
  const rows = () =>
    (kept ??= new Map(
      all.all().map((r) => [
        String(r.path),
        {
          path: String(r.path),
          title: String(r.title),
          description: String(r.description),
          findings: JSON.parse(String(r.findings)) as SeoFinding[],
          checkedAt: String(r.checked_at),
        },
      ]),
    ))
  return {
    version: () => version,
    count: () => rows().size,
    paths: () => [...rows().keys()],
    /** The checked pages of one publish and the pages it removed, in one transaction (a rare, admin-caused write). */
    save(changed: SeoPageRow[], removed: string[]) {
      transaction(db, () => {
        for (const r of changed)
          upsert.run(r.path, r.title, r.description, JSON.stringify(r.findings), r.checkedAt)
        for (const path of removed) remove.run(path)
      })
      const mine = rows()
      for (const r of changed) mine.set(r.path, r)
      for (const path of removed) mine.delete(path)
      list = null
      version++
    },
    /** Every checked page (the same array until the next save; do not change it). */
    all(): SeoPageRow[] {
      return (list ??= [...rows().values()])
    },
  }
}
