import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type {
  LibraryCategory,
  LibraryFileVersion,
  LibraryItem,
  LibraryKind,
  LibraryListQuery,
} from '#schema/library.ts'
import type { Paged } from '#schema/paging.ts'
import { transaction } from './database.ts'
import { foldTurkish, matchExpression } from './library-search.ts'
import type { Writer } from './writer.ts'

/** A stored file of an item: its key under DATA_DIR/library/, its name as uploaded, size and type. */
export type LibraryFile = { key: string; name: string; size: number; mime: string }
/** An item as stored: the API's item plus where its file is. */
export type StoredLibraryItem = LibraryItem & { fileKey: string }
/** What a new item is made of. */
export type NewLibraryItem = {
  id: string
  title: string
  description: string
  category: string
  kind: LibraryKind
  file: LibraryFile | null
  url: string
  /** Text inside the file (a PDF's), searched with the title and description. */
  body: string
  at: string
  by: { id: string; name: string }
}
/** The numbers of the staff dashboard. */
export type LibraryStats = { items: number; downloadsThisMonth: number; bytes: number }

/** The statements the writer thread runs for the library: a download is counted off the page thread. */
export const LIBRARY_STATEMENTS = {
  libraryDownload: 'UPDATE library_items SET downloads = downloads + 1 WHERE id = ?',
  libraryDownloadDay:
    'INSERT INTO library_download_days (day, count) VALUES (?, 1) ON CONFLICT (day) DO UPDATE SET count = count + 1',
}

/** A member's visit ends after this long without looking at the library: the next look starts a new one. */
export const VISIT_GAP_MS = 30 * 60_000
/** Longest text of a file kept for search: a 2,000-page PDF does not need to be searchable word for word. */
export const MAX_BODY_CHARS = 500_000

const ITEM_COLUMNS =
  'i.id, i.title, i.description, i.category_id, i.kind, i.file_key, i.file_name, i.size, i.mime, i.url, i.created_at, i.updated_at, i.created_by, i.downloads'

const fromItemRow = (r: Record<string, SQLInputValue>): StoredLibraryItem => {
  const kind = r.kind === 'link' ? 'link' : 'file'
  return {
    id: String(r.id),
    title: String(r.title),
    description: String(r.description),
    category: r.category_id === null ? '' : String(r.category_id),
    kind,
    fileName: String(r.file_name),
    size: Number(r.size),
    mime: String(r.mime),
    ...(kind === 'link' ? { url: String(r.url) } : {}),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    createdBy: String(r.created_by),
    downloads: Number(r.downloads),
    fileKey: String(r.file_key),
  }
}

/** The item without where its file lies on disk (what the API answers). */
export const publicItem = ({ fileKey: _key, ...item }: StoredLibraryItem): LibraryItem => item

/** Library categories, items, earlier files, downloads and visits (tables library_*; migration 031). */
export function libraryStore(db: DatabaseSync, writer: Writer | null) {
  const itemById = db.prepare(`SELECT ${ITEM_COLUMNS}, i.seq FROM library_items i WHERE i.id = ?`)
  const categoryById = db.prepare('SELECT id, name, position FROM library_categories WHERE id = ?')
  const ftsInsert = db.prepare(
    'INSERT INTO library_fts (rowid, title, description, body) VALUES (?, ?, ?, ?)',
  )

  const categories = {
    /** Every category in order, with how many items each holds. */
    list(): LibraryCategory[] {
      return db
        .prepare(
          `SELECT c.id, c.name, c.position, (SELECT count(*) FROM library_items i WHERE i.category_id = c.id) AS items
           FROM library_categories c ORDER BY c.position, c.name`,
        )
        .all()
        .map((r) => ({
          id: String(r.id),
          name: String(r.name),
          position: Number(r.position),
          items: Number(r.items),
        }))
    },
    get(id: string): LibraryCategory | null {
      const r = categoryById.get(id)
      return r ? (categories.list().find((c) => c.id === id) ?? null) : null
    },
    /** True when another category (not `except`) already has this name, ignoring case and Turkish letters. */
    nameTaken(name: string, except = ''): boolean {
      return !!db
        .prepare('SELECT 1 FROM library_categories WHERE name_key = ? AND id != ?')
        .get(foldTurkish(name.trim()), except)
    },
    /** Adds a category at `position` (or last); the others after it move down one place. */
    add(c: { id: string; name: string; position?: number; at: string }): LibraryCategory {
      return transaction(db, () => {
        const count = Number(db.prepare('SELECT count(*) AS n FROM library_categories').get()?.n)
        const position = Math.min(c.position ?? count, count)
        db.prepare('UPDATE library_categories SET position = position + 1 WHERE position >= ?').run(position)
        db.prepare(
          'INSERT INTO library_categories (id, name, name_key, position, created_at) VALUES (?, ?, ?, ?, ?)',
        ).run(c.id, c.name, foldTurkish(c.name), position, c.at)
        renumber()
        return categories.get(c.id)!
      })
    },
    /** Renames a category and (when `position` is given) moves it there. */
    update(id: string, change: { name: string; position?: number }): LibraryCategory | null {
      return transaction(db, () => {
        if (!categoryById.get(id)) return null
        db.prepare('UPDATE library_categories SET name = ?, name_key = ? WHERE id = ?').run(
          change.name,
          foldTurkish(change.name),
          id,
        )
        if (change.position !== undefined) {
          const order = categories
            .list()
            .map((c) => c.id)
            .filter((other) => other !== id)
          order.splice(Math.min(change.position, order.length), 0, id)
          const setPosition = db.prepare('UPDATE library_categories SET position = ? WHERE id = ?')
          order.forEach((other, i) => setPosition.run(i, other))
        }
        return categories.get(id)
      })
    },
    /** Deletes a category; its items move to `moveTo` ('' = none) in the same transaction. */
    remove(id: string, moveTo: string | null): boolean {
      return transaction(db, () => {
        if (!categoryById.get(id)) return false
        if (moveTo !== null)
          db.prepare('UPDATE library_items SET category_id = ? WHERE category_id = ?').run(moveTo || null, id)
        db.prepare('DELETE FROM library_categories WHERE id = ?').run(id)
        renumber()
        return true
      })
    },
  }
  /** Positions 0, 1, 2, … in the current order (after an insert or a delete left a gap or a tie). */
  function renumber() {
    const ids = db
      .prepare('SELECT id FROM library_categories ORDER BY position, name')
      .all()
      .map((r) => String(r.id))
    const setPosition = db.prepare('UPDATE library_categories SET position = ? WHERE id = ?')
    ids.forEach((id, i) => setPosition.run(i, id))
  }

  const items = {
    /**
     * A page of items, newest first; with `q`, those whose title or description hold every word come first, then
     * those where the words are (also) in the file's text, each newest first; only `category`'s when it is set.
     * Both tiers walk FTS5's index in rowid order and stop at the page, so a word found in all 10,000 items
     * answers as fast as a rare one (bm25 over every match took 70–100 ms there; decision 313).
     */
    list({ q, category, page, pageSize }: LibraryListQuery): Paged<LibraryItem> {
      const match = q ? matchExpression(q) : null
      if (q && !match) return { data: [], total: 0, page, pageSize }
      const offset = (page - 1) * pageSize
      const byCategory = category ? 'AND i.category_id = ?' : ''
      const extra: SQLInputValue[] = category ? [category] : []
      if (!match) {
        const where = category ? 'WHERE i.category_id = ?' : ''
        const total = Number(
          db.prepare(`SELECT count(*) AS n FROM library_items i ${where}`).get(...extra)?.n,
        )
        const rows = db
          .prepare(
            `SELECT ${ITEM_COLUMNS} FROM library_items i ${where} ORDER BY i.seq DESC LIMIT ? OFFSET ?`,
          )
          .all(...extra, pageSize, offset)
        return { data: rows.map(fromItemRow).map(publicItem), total, page, pageSize }
      }
      const inTexts = `{title description}: (${match})`
      const tiers = [inTexts, `${match} NOT ${inTexts}`]
      // CROSS JOIN keeps the index as the outer loop: the other order would run the full-text query once per item.
      const from =
        'library_fts CROSS JOIN library_items i ON i.seq = library_fts.rowid WHERE library_fts MATCH ?'
      // Without a category the index alone counts: no row of the items table is read.
      const countFrom = category ? from : 'library_fts WHERE library_fts MATCH ?'
      const counts = tiers.map((t) =>
        Number(db.prepare(`SELECT count(*) AS n FROM ${countFrom} ${byCategory}`).get(t, ...extra)?.n),
      )
      const rows: Record<string, SQLInputValue>[] = []
      let skip = offset
      tiers.forEach((tier, i) => {
        const want = pageSize - rows.length
        if (want <= 0) return
        if (skip >= counts[i]!) {
          skip -= counts[i]!
          return
        }
        rows.push(
          ...db
            .prepare(
              `SELECT ${ITEM_COLUMNS} FROM ${from} ${byCategory} ORDER BY library_fts.rowid DESC LIMIT ? OFFSET ?`,
            )
            .all(tier, ...extra, want, skip),
        )
        skip = 0
      })
      return { data: rows.map(fromItemRow).map(publicItem), total: counts[0]! + counts[1]!, page, pageSize }
    },
    get(id: string): StoredLibraryItem | null {
      const r = itemById.get(id)
      return r ? fromItemRow(r) : null
    },
    count: (): number => Number(db.prepare('SELECT count(*) AS n FROM library_items').get()?.n),
    /** Stores a new item and its search text in one transaction. */
    add(n: NewLibraryItem): StoredLibraryItem {
      return transaction(db, () => {
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO library_items (id, title, description, category_id, kind, file_key, file_name, size, mime, url,
               created_at, updated_at, created_by, created_by_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            n.id,
            n.title,
            n.description,
            n.category || null,
            n.kind,
            n.file?.key ?? '',
            n.file?.name ?? '',
            n.file?.size ?? 0,
            n.file?.mime ?? '',
            n.url,
            n.at,
            n.at,
            n.by.name,
            n.by.id,
          )
        ftsInsert.run(lastInsertRowid, foldTurkish(n.title), foldTurkish(n.description), foldBody(n.body))
        return items.get(n.id)!
      })
    },
    /**
     * Changes an item's texts and category, and (when `file` or `url` is given) what it holds. A replaced file is
     * kept as an earlier version; `body` (the new file's text) replaces the searched text when given.
     */
    update(
      id: string,
      change: {
        title: string
        description: string
        category: string
        file?: LibraryFile
        url?: string
        body?: string
        at: string
        by: string
        versionId: string
      },
    ): { item: StoredLibraryItem; replaced: LibraryFile | null } | null {
      return transaction(db, () => {
        const row = itemById.get(id)
        if (!row) return null
        const before = fromItemRow(row)
        const seq = Number(row.seq)
        db.prepare(
          'UPDATE library_items SET title = ?, description = ?, category_id = ?, updated_at = ? WHERE id = ?',
        ).run(change.title, change.description, change.category || null, change.at, id)
        let replaced: LibraryFile | null = null
        if (change.file || change.url !== undefined) {
          if (before.kind === 'file' && before.fileKey) {
            replaced = { key: before.fileKey, name: before.fileName, size: before.size, mime: before.mime }
            db.prepare(
              `INSERT INTO library_file_versions (id, item_id, file_key, file_name, size, mime, replaced_at, replaced_by)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            ).run(
              change.versionId,
              id,
              replaced.key,
              replaced.name,
              replaced.size,
              replaced.mime,
              change.at,
              change.by,
            )
          }
          const f = change.file
          db.prepare(
            'UPDATE library_items SET kind = ?, file_key = ?, file_name = ?, size = ?, mime = ?, url = ? WHERE id = ?',
          ).run(
            f ? 'file' : 'link',
            f?.key ?? '',
            f?.name ?? '',
            f?.size ?? 0,
            f?.mime ?? '',
            f ? '' : change.url!,
            id,
          )
        }
        if (change.body !== undefined)
          db.prepare('UPDATE library_fts SET title = ?, description = ?, body = ? WHERE rowid = ?').run(
            foldTurkish(change.title),
            foldTurkish(change.description),
            foldBody(change.body),
            seq,
          )
        else
          db.prepare('UPDATE library_fts SET title = ?, description = ? WHERE rowid = ?').run(
            foldTurkish(change.title),
            foldTurkish(change.description),
            seq,
          )
        return { item: items.get(id)!, replaced }
      })
    },
    /** Deletes an item, its search text and its earlier versions; returns every file key it held. */
    remove(id: string): { item: StoredLibraryItem; fileKeys: string[] } | null {
      return transaction(db, () => {
        const row = itemById.get(id)
        if (!row) return null
        const item = fromItemRow(row)
        const fileKeys = [
          ...(item.fileKey ? [item.fileKey] : []),
          ...db
            .prepare('SELECT file_key FROM library_file_versions WHERE item_id = ?')
            .all(id)
            .map((r) => String(r.file_key)),
        ]
        db.prepare('DELETE FROM library_fts WHERE rowid = ?').run(Number(row.seq))
        db.prepare('DELETE FROM library_items WHERE id = ?').run(id)
        return { item, fileKeys }
      })
    },
    /** Earlier files of an item, newest first (library admins' 'Önceki sürümler'). */
    versions(id: string): (LibraryFileVersion & { fileKey: string })[] {
      return db
        .prepare(
          'SELECT id, file_key, file_name, size, mime, replaced_at, replaced_by FROM library_file_versions WHERE item_id = ? ORDER BY replaced_at DESC, rowid DESC',
        )
        .all(id)
        .map((r) => ({
          id: String(r.id),
          fileKey: String(r.file_key),
          fileName: String(r.file_name),
          size: Number(r.size),
          mime: String(r.mime),
          replacedAt: String(r.replaced_at),
          replacedBy: String(r.replaced_by),
        }))
    },
    /** Every file key the library refers to (what the start-up sweep must keep). */
    fileKeys(): Set<string> {
      const keys = db
        .prepare(
          "SELECT file_key AS k FROM library_items WHERE file_key != '' UNION SELECT file_key FROM library_file_versions",
        )
        .all()
        .map((r) => String(r.k))
      return new Set(keys)
    },
  }

  return {
    categories,
    items,
    /** A fact about the library ('demoSeeded'), or null. */
    meta: (key: string): string | null => {
      const row = db.prepare('SELECT value FROM library_meta WHERE key = ?').get(key)
      return row ? String(row.value) : null
    },
    setMeta: (key: string, value: string) =>
      void db
        .prepare(
          'INSERT INTO library_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        )
        .run(key, value),
    /** Counts a download (item and day) through the writer thread; resolves once on disk. */
    countDownload(id: string, at: Date): Promise<void> {
      return writer!.write([
        { stmt: 'libraryDownload', params: [id] },
        { stmt: 'libraryDownloadDay', params: [at.toISOString().slice(0, 10)] },
      ])
    },
    /**
     * Records that a member looks at the library and answers since when items count as new for them: the start of
     * their previous visit's end, kept for the whole of the current visit (a reload does not clear 'Yeni').
     */
    visit(memberId: string, at: Date): string | null {
      return transaction(db, () => {
        const row = db
          .prepare('SELECT since, last_seen FROM library_visits WHERE member_id = ?')
          .get(memberId)
        const now = at.toISOString()
        if (!row) {
          db.prepare('INSERT INTO library_visits (member_id, since, last_seen) VALUES (?, ?, ?)').run(
            memberId,
            '',
            now,
          )
          return null
        }
        const lastSeen = String(row.last_seen)
        const newVisit = at.getTime() - Date.parse(lastSeen) > VISIT_GAP_MS
        const since = newVisit ? lastSeen : String(row.since)
        db.prepare('UPDATE library_visits SET since = ?, last_seen = ? WHERE member_id = ?').run(
          since,
          now,
          memberId,
        )
        return since || null
      })
    },
    /** Items, downloads since the first of `at`'s month (UTC), bytes of current files. */
    stats(at: Date): LibraryStats {
      const monthStart = `${at.toISOString().slice(0, 7)}-01`
      const totals = db
        .prepare('SELECT count(*) AS n, coalesce(sum(size), 0) AS bytes FROM library_items')
        .get()
      const month = db
        .prepare('SELECT coalesce(sum(count), 0) AS n FROM library_download_days WHERE day >= ?')
        .get(monthStart)
      return { items: Number(totals?.n), downloadsThisMonth: Number(month?.n), bytes: Number(totals?.bytes) }
    },
  }
}

const foldBody = (body: string) => foldTurkish(body.slice(0, MAX_BODY_CHARS))
