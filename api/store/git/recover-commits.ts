import { join } from 'node:path'
import type { CommitIntent, CommitJournal } from './commit-journal.ts'
import { recoveredMessage, SERVER_AUTHOR, type ContentRepo } from './content-repo.ts'
import { readContentFileSafely } from '../content-file.ts'
import { log } from '../../lib/log.ts'

/** What a start has to recover: the journal's uncommitted saves and the content files' bytes, read before any save. */
export type RecoverySnapshot = { intents: CommitIntent[]; disk: Map<string, Buffer | null> }

/** Reads the journal and the content files (regular files only) as the previous run left them. */
export async function readRecoverySnapshot(
  journal: CommitJournal,
  dir: string,
  files: string[],
): Promise<RecoverySnapshot> {
  const intents = journal.pending()
  const disk = new Map<string, Buffer | null>()
  for (const file of new Set([...files, ...intents.map((i) => i.file)])) {
    // Regular files only, size-capped (decision 030): recovery never reads through a link or waits on a FIFO.
    const read = await readContentFileSafely(join(dir, file)).catch(() => null)
    disk.set(file, read?.kind === 'ok' ? read.bytes : null)
  }
  return { intents, disk }
}

/**
 * Runs first in the commit queue at start: commits the saves a crash left uncommitted, each with its own author
 * and message (journal order), then any difference between a content file and HEAD that no save accounts for, on
 * its own ('Kaydedilmemiş değişiklik kurtarıldı: {dosya}'), so nothing is folded into someone else's commit
 * (decision 025).
 */
export async function commitRecovered(
  repo: ContentRepo,
  journal: CommitJournal,
  { intents, disk }: RecoverySnapshot,
  files: string[],
): Promise<void> {
  // The queue records an intent as done before it starts the next commit (of its file: a sync commits a file's
  // saves ahead of their turn, decision 271): only the oldest pending one of a file can already be in HEAD, and
  // committing it again changes nothing (same tree: no commit).
  for (const intent of intents) {
    const current = disk.get(intent.file)
    const bytes = intent.bytes ?? (current && repo.blobOf(current) === intent.blob ? current : null)
    if (bytes) {
      const made = await repo.commit([{ name: intent.file, text: bytes }], intent.author, intent.message)
      // Already in HEAD (the journal was not told before the stop): nothing was recovered, nothing to report.
      if (made) log.info(`Yarım kalan kayıt git'e eklendi: ${intent.message} (${intent.author.name})`)
      else log.debug(`Kayıt zaten git'teydi: ${intent.message}`)
    } else {
      // The file changed outside the API after this save and before the crash: its bytes are gone; that
      // difference is recovered below, under the server's name.
      log.error(
        `Yarım kalan kaydın içeriği artık diskte yok, atlandı: ${intent.message} (${intent.file})`,
      )
    }
    await journal.done(intent.id)
  }
  const head = await repo.headBlobs(files)
  for (const file of files) {
    const bytes = disk.get(file)
    if (!bytes || head.get(file) === repo.blobOf(bytes)) continue
    await repo.commit([{ name: file, text: bytes }], SERVER_AUTHOR, recoveredMessage(file))
    log.info(`${recoveredMessage(file)} (dosya git'tekinden farklıydı)`)
  }
}
