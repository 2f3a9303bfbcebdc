import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import { DIR_MODE } from './durable-file.ts'
import { membersTable, usersTable, type StoredMember, type StoredUser } from './private/accounts.ts'
import { AUDIT_STATEMENTS, auditStore, type AuditRetention } from './private/audit.ts'
import { commitJournalStore, JOURNAL_STATEMENTS } from './private/commit-journal.ts'
import { COUNTER_STATEMENTS, counterStore, type Counters } from './private/counters.ts'
import { dailyFigures } from './private/daily-figures.ts'
import { periodSums } from './private/period-sums.ts'
import { daysBefore, istanbulDay } from '../lib/istanbul-day.ts'
import { DB_FILE, openDatabase } from './private/database.ts'
import { jsonEraImporters } from './private/importers.ts'
import { LIBRARY_STATEMENTS, libraryStore } from './private/library.ts'
import { importJsonEra } from './private/json-import.ts'
import { MESSAGE_STATEMENTS, messageStore } from './private/messages.ts'
import { previewLinkStore } from './private/preview-links.ts'
import { revocationStore } from './private/revocations.ts'
import { seoPageStore } from './private/seo-pages.ts'
import { siteStateTable, type SiteState } from './private/site-state.ts'
import { uploadHistoryTable, type UploadHistoryTable } from './private/upload-history.ts'
import { itemHistoryTable, type ItemHistoryTable } from './private/item-history.ts'
import { startWriter, type Writer } from './private/writer.ts'
import type { CommitJournal } from './git/commit-journal.ts'

export type { StoredMember, StoredUser } from './private/accounts.ts'

/** The private data read whole from memory: small tables, the site state, the live counters. */
export type PrivateData = {
  users: StoredUser[]
  members: StoredMember[]
  state: SiteState
  /** views per public page path; downloads per program id. */
  counters: Counters
}
export type DataName = keyof PrivateData

/**
 * Private data in DATA_DIR/private.sqlite (decision 013). `read`/`update` serve the small tables as whole lists
 * (frozen; an update is one transaction, memory changes only after it commits); messages, counters and the audit
 * log have their own functions because they grow without bound or change on every page view.
 */
export type DataStore = {
  read<K extends DataName>(name: K): PrivateData[K]
  update<K extends DataName, R>(name: K, fn: (data: PrivateData[K]) => R): Promise<R>
  messages: ReturnType<typeof messageStore>
  counters: ReturnType<typeof counterStore>
  /** Views, downloads, referrers and messages per Istanbul day (issue 32; written with the counters). */
  daily: ReturnType<typeof dailyFigures>
  /** SEO findings per rendered page (issue 32, decision 321). */
  seo: ReturnType<typeof seoPageStore>
  audit: ReturnType<typeof auditStore>
  /** Session tokens ended by a logout (decision 017). */
  revocations: ReturnType<typeof revocationStore>
  /** Content commits not made yet, per content folder (decision 025): the content store's durable journal. */
  commitJournal(contentDir: string): CommitJournal
  /** Preview links of unsaved edits (issue 21): token hashes, expiry, revocation. */
  previews: ReturnType<typeof previewLinkStore>
  /** Upload references of content history (decision 032). */
  uploadHistory: UploadHistoryTable
  /** Which commits changed which content item (decision 272). */
  itemHistory: ItemHistoryTable
  /** The members' library (issue 31): categories, items, earlier files, downloads, visits. */
  library: ReturnType<typeof libraryStore>
  /** The open connection (the backup copies from it). */
  db: DatabaseSync
  /** The supervised writer thread of messages, audit entries and counters (its thread and restarts: tests, status). */
  writer: Pick<Writer, 'thread' | 'restarts' | 'pending'>
  /** Writes pending counts, ends the writer thread and closes the database (graceful stop). */
  close(): Promise<void>
}

/** Opens (and on first start creates, migrates and fills from the JSON-era files) DATA_DIR's database. */
export async function openDataStore(
  dir: string,
  options: { auditRetention?: AuditRetention; messageKeepDays?: number; now?: () => Date } = {},
): Promise<DataStore> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  const db = await openDatabase(dir)
  await importJsonEra(db, dir, jsonEraImporters(db)).catch((err: unknown) => {
    db.close()
    throw err
  })
  const writer = startWriter(join(dir, DB_FILE), {
    ...MESSAGE_STATEMENTS,
    ...AUDIT_STATEMENTS,
    ...COUNTER_STATEMENTS,
    ...JOURNAL_STATEMENTS,
    ...LIBRARY_STATEMENTS,
  })
  const tables = { users: usersTable(db), members: membersTable(db), state: siteStateTable(db) }
  const now = options.now ?? (() => new Date())
  const counters = counterStore(db, writer, now)
  const sums = periodSums(db, writer, () => counters.flush())
  const daily = dailyFigures(db, sums)
  // The kept period sums follow the closed days: checked now and every minute, so a read after midnight seldom waits.
  const yesterday = () => daysBefore(istanbulDay(now()), 1)
  sums.start(yesterday())
  const rollTimer = setInterval(() => sums.start(yesterday()), 60_000)
  rollTimer.unref()
  const collections = { ...tables, counters }
  return {
    read: (name) => collections[name].read() as PrivateData[typeof name],
    // Synchronous SQLite under an async signature: callers already await, and a throw becomes a rejection.
    update: async (name, fn) => (collections[name].update as (f: typeof fn) => ReturnType<typeof fn>)(fn),
    messages: messageStore(db, writer, { keepDays: options.messageKeepDays, now: options.now }),
    counters,
    daily,
    seo: seoPageStore(db),
    audit: auditStore(db, writer, options.auditRetention),
    revocations: revocationStore(db),
    commitJournal: commitJournalStore(db, writer),
    previews: previewLinkStore(db),
    uploadHistory: uploadHistoryTable(db),
    itemHistory: itemHistoryTable(db),
    library: libraryStore(db, writer),
    db,
    writer: { thread: writer.thread, restarts: writer.restarts, pending: writer.pending },
    async close() {
      clearInterval(rollTimer)
      sums.stop()
      await sums.idle()
      await counters.stop()
      await writer.close()
      db.close()
    },
  }
}
