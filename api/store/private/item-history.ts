import type { DatabaseSync } from 'node:sqlite'
import { transaction } from './database.ts'

/** Where a file's history was scanned to: HEAD then, the last commit that touched the file ('' none), its position. */
export type ItemHistoryTip = { head: string; last: string; position: number }
/** One commit that changed one item, with what a history shows of it. */
export type ItemHistoryRow = {
  item: string
  position: number
  commit: string
  author: { name: string; email: string }
  date: string
  message: string
}

/** Which commits changed which item of a content file (migration 322, decision 272). */
export type ItemHistoryTable = {
  tip(repo: string, file: string): ItemHistoryTip | null
  /** Adds the rows found since the tip and moves the tip, in one transaction; `reset` first drops the file's rows. */
  record(repo: string, file: string, tip: ItemHistoryTip, rows: ItemHistoryRow[], reset?: boolean): void
  /** The last `limit` commits that changed the item, oldest first. */
  commits(repo: string, file: string, item: string, limit: number): ItemHistoryRow[]
}

const rowOf = (row: Record<string, unknown>): ItemHistoryRow => ({
  item: row.item_id as string,
  position: Number(row.position),
  commit: row.commit_id as string,
  author: { name: row.author_name as string, email: row.author_email as string },
  date: row.date as string,
  message: row.message as string,
})

/** The table on DATA_DIR's database. */
export function itemHistoryTable(db: DatabaseSync): ItemHistoryTable {
  const tipOf = db.prepare('SELECT head_commit, last_commit, position FROM item_history_tip WHERE repo = ? AND file = ?')
  const setTip = db.prepare(
    'INSERT INTO item_history_tip (repo, file, head_commit, last_commit, position) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (repo, file) DO UPDATE SET head_commit = excluded.head_commit, last_commit = excluded.last_commit, ' +
      'position = excluded.position',
  )
  const add = db.prepare(
    'INSERT OR REPLACE INTO item_history (repo, file, item_id, position, commit_id, author_name, author_email, date, message) ' +
      'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
  const drop = db.prepare('DELETE FROM item_history WHERE repo = ? AND file = ?')
  const byItem = db.prepare(
    'SELECT * FROM (SELECT * FROM item_history WHERE repo = ? AND file = ? AND item_id = ? ORDER BY position DESC LIMIT ?) ' +
      'ORDER BY position',
  )
  return {
    tip(repo, file) {
      const row = tipOf.get(repo, file)
      return row
        ? { head: row.head_commit as string, last: row.last_commit as string, position: Number(row.position) }
        : null
    },
    record: (repo, file, tip, rows, reset) =>
      transaction(db, () => {
        if (reset) drop.run(repo, file)
        for (const r of rows)
          add.run(repo, file, r.item, r.position, r.commit, r.author.name, r.author.email, r.date, r.message)
        setTip.run(repo, file, tip.head, tip.last, tip.position)
      }),
    commits: (repo, file, item, limit) => byItem.all(repo, file, item, limit).map(rowOf),
  }
}

/** The same table in memory (a content store opened without a database: unit tests of the store alone). */
export function memoryItemHistory(): ItemHistoryTable {
  const tips = new Map<string, ItemHistoryTip>()
  const rows = new Map<string, ItemHistoryRow[]>()
  const key = (repo: string, file: string) => `${repo}\n${file}`
  return {
    tip: (repo, file) => tips.get(key(repo, file)) ?? null,
    record(repo, file, tip, found, reset) {
      const list = reset ? [] : (rows.get(key(repo, file)) ?? [])
      list.push(...found)
      rows.set(key(repo, file), list)
      tips.set(key(repo, file), tip)
    },
    commits: (repo, file, item, limit) =>
      (rows.get(key(repo, file)) ?? []).filter((r) => r.item === item).slice(-limit),
  }
}
