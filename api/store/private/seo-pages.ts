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

/** The SEO findings of the rendered pages (table seo_pages): written after a publish, read by the dashboard. */
export function seoPageStore(db: DatabaseSync) {
  const upsert = db.prepare(
    'INSERT INTO seo_pages (path, title, description, findings, checked_at) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (path) DO UPDATE SET title = excluded.title, description = excluded.description, ' +
      'findings = excluded.findings, checked_at = excluded.checked_at',
  )
  const remove = db.prepare('DELETE FROM seo_pages WHERE path = ?')
  const all = db.prepare('SELECT path, title, description, findings, checked_at FROM seo_pages')
  const count = db.prepare('SELECT count(*) AS n FROM seo_pages')
  const paths = db.prepare('SELECT path FROM seo_pages')
  /** Grows with every save: readers keep what they computed from the rows until it changes. */
  let version = 0
  return {
    version: () => version,
    count: () => Number(count.get()?.n ?? 0),
    paths: () => paths.all().map((r) => String(r.path)),
    /** The checked pages of one publish and the pages it removed, in one transaction (a rare, admin-caused write). */
    save(rows: SeoPageRow[], removed: string[]) {
      transaction(db, () => {
        for (const r of rows)
          upsert.run(r.path, r.title, r.description, JSON.stringify(r.findings), r.checkedAt)
        for (const path of removed) remove.run(path)
      })
      version++
    },
    all(): SeoPageRow[] {
      return all.all().map((r) => ({
        path: String(r.path),
        title: String(r.title),
        description: String(r.description),
        findings: JSON.parse(String(r.findings)) as SeoFinding[],
        checkedAt: String(r.checked_at),
      }))
    },
  }
}
