import { isDeepStrictEqual } from 'node:util'
import { join } from 'node:path'
import type { ContentName } from '../content-types.ts'
import { readContentFileSafely } from '../content-file.ts'
import type { ContentRepo } from '../git/content-repo.ts'
import { checkContentFile, type ContentFileError } from '../gate/content-validation.ts'
import { markChecked } from '../gate/content-gate.ts'
import { keepEntryLayout, type Layout } from '../json-text.ts'

/** A content file read and checked: its parsed data, missing, or refused (why, and its bytes when it had any). */
export type LoadedFile =
  | { kind: 'missing' }
  | { kind: 'ok'; data: unknown; bytes: Buffer; layout: Layout }
  | { kind: 'refused'; error: ContentFileError; bytes: Buffer | null }

/**
 * Reads `<dir>/<name>.json` as untrusted input: only a regular file within the size cap (content-file.ts), then
 * the shared schema. The data is the schema's output, so keys the schema does not know are never kept.
 */
export async function loadContentFile(dir: string, name: ContentName): Promise<LoadedFile> {
  const read = await readContentFileSafely(join(dir, `${name}.json`))
  if (read.kind === 'missing') return read
  if (read.kind === 'refused')
    return { kind: 'refused', error: { file: `${name}.json`, field: '', message: read.reason }, bytes: null }
  const text = read.bytes.toString('utf8')
  const checked = checkContentFile(name, text)
  // Checked whole: the write gate need not check these entries again when a later save keeps them.
  if (!checked.ok) return { kind: 'refused', error: checked.error, bytes: read.bytes }
  markChecked(name, checked.data)
  return { kind: 'ok', data: checked.data, bytes: read.bytes, layout: keepEntryLayout(checked.data, text, isDeepStrictEqual) }
}

/** How far back a start looks for a valid version of a refused file. */
const MAX_LOOKBACK = 100

/**
 * The newest version of a content file in history that the schema accepts: where a start with an invalid file on
 * disk begins, as a running server keeps the last valid content when a pull brings an invalid one.
 */
export async function lastValidVersion(
  repo: ContentRepo,
  name: ContentName,
): Promise<{ commit: string; date: string; data: unknown } | null> {
  const file = `${name}.json`
  for (const entry of (await repo.log(file)).slice(0, MAX_LOOKBACK)) {
    const text = await repo.show(entry.commit, file)
    if (text === null) continue
    const checked = checkContentFile(name, text)
    if (checked.ok) return { commit: entry.commit, date: entry.date, data: checked.data }
  }
  return null
}
