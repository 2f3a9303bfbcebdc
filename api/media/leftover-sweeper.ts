import type { ContentStore } from '../store/content-store.ts'
import type { FileStore } from '../store/file-store.ts'
import { uploadKeepCheck } from './upload-keep.ts'
import { log } from '../lib/log.ts'

/** What one sweep removed (the dashboard's storage line shows the last one). */
export type SweepReport = { at: string; programFiles: number; uploads: number }

const DAY_MS = 24 * 3600 * 1000

/**
 * Removes what interrupted or abandoned saves leave on disk (decision 019): program files no program names (an
 * upload killed mid-way streams into files/ before its record is saved) and uploads no content has referred to
 * for more than a day. At start nothing is being uploaded, so every unnamed program file goes; later sweeps only
 * take those over a day old, never an upload in progress. Uploads are judged by today's content (mediaUses /
 * isUploadUsed) and by content history: an upload any committed version refers to stays (isUploadInHistory). An upload with a
 * media-library record is never swept: the library lists it under 'Kullanılmayanlar' and staff delete it there.
 */
export async function sweepLeftovers(
  content: ContentStore,
  files: FileStore,
  now: Date,
  { atStart }: { atStart: boolean },
): Promise<SweepReport> {
  const cutoff = now.getTime() - DAY_MS
  const named = new Set(content.read('programs').map((p) => p.filePath))
  let programFiles = 0
  for (const file of await files.listProgramFiles()) {
    if (named.has(file.key) || (!atStart && file.modifiedAt.getTime() > cutoff)) continue
    await files.removeProgramFile(file.key)
    programFiles++
  }
  const inLibrary = new Set(content.read('media').map((item) => item.url))
  let uploads = 0
  // The one check (upload-keep.ts); when history cannot be read it throws and no upload is swept (fails closed).
  const keep = await uploadKeepCheck(content)
  for (const upload of await files.listUploads()) {
    if (upload.modifiedAt.getTime() > cutoff || inLibrary.has(upload.url)) continue
    // Used today, or by a version a restore may bring back (issue 11).
    if (keep.mustKeep(upload.url)) continue
    await files.removeUpload(upload.url)
    uploads++
  }
  return { at: now.toISOString(), programFiles, uploads }
}

/** Holds the last sweep's report for the dashboard. */
export type SweepLog = { last: SweepReport | null }

/** Sweeps now (at start) and then once a day; the timer never keeps the process alive. Returns a stop function. */
export function startLeftoverSweeper(
  content: ContentStore,
  files: FileStore,
  now: () => Date,
  sweepLog: SweepLog,
) {
  const run = (atStart: boolean) =>
    sweepLeftovers(content, files, now(), { atStart })
      .then((report) => void (sweepLog.last = report))
      .catch((err: unknown) => log.error({ err }, 'Artık dosya temizliği başarısız'))
  const started = run(true)
  const timer = setInterval(() => void run(false), DAY_MS)
  timer.unref()
  return { started, stop: () => clearInterval(timer) }
}
