import { libraryItemFieldsSchema, type LibraryItemFields } from '#schema/library.ts'
import { msg } from '#schema/messages.ts'
import type { Deps } from '../app-env.ts'
import type { ReceivedFile } from '../forms/library-form.ts'
import { parseOrFail } from '../forms/validation.ts'
import { fail } from '../lib/errors.ts'
import { newId } from '../lib/ids.ts'
import type { StoredMember } from '../store/data-store.ts'
import type { LibraryFile, StoredLibraryItem } from '../store/private/library.ts'
import { checkLibraryFile } from './file-check.ts'
import { extractPdfText } from './pdf-text.ts'

/** PDFs up to this size have their text extracted for search (pdf.js reads a PDF whole; decision 312). */
export const PDF_TEXT_MAX_BYTES = 50 * 1024 * 1024

/** A form's text fields checked with the shared schema (400 with Turkish field messages otherwise). */
export function parseItemFields(deps: Deps, fields: Record<string, string>): LibraryItemFields {
  const parsed = parseOrFail(libraryItemFieldsSchema, fields)
  if (parsed.category && !deps.data.library.categories.get(parsed.category))
    fail(400, msg.libraryCategoryUnknown, { category: msg.libraryCategoryUnknown })
  return parsed
}

/**
 * Checks a received file by its bytes, reads a PDF's text, and stores it under its key: the stored file and the
 * text to search. A refused file is deleted and the call fails with 400 and the reason in Turkish.
 */
async function storeFile(received: ReceivedFile): Promise<{ file: LibraryFile; body: string }> {
  const verdict = await checkLibraryFile(received.path, received.name)
  if (!verdict.ok) {
    await received.drop()
    fail(400, verdict.message, { file: verdict.message })
  }
  const body =
    verdict.mime === 'application/pdf' && received.size <= PDF_TEXT_MAX_BYTES
      ? await extractPdfText(received.path)
      : ''
  const key = await received.keep()
  return { file: { key, name: received.name, size: received.size, mime: verdict.mime }, body }
}

/** Adds an item from a checked form: a file (checked and stored) or a link, never both, never neither. */
export async function addLibraryItem(
  deps: Deps,
  member: StoredMember,
  fields: LibraryItemFields,
  received: ReceivedFile | null,
): Promise<StoredLibraryItem> {
  if (received && fields.url) {
    await received.drop()
    fail(400, msg.libraryFileAndLink, { file: msg.libraryFileAndLink })
  }
  if (!received && !fields.url) fail(400, msg.libraryFileOrLink, { file: msg.libraryFileOrLink })
  const stored = received ? await storeFile(received) : null
  try {
    return deps.data.library.items.add({
      id: newId(),
      title: fields.title,
      description: fields.description,
      category: fields.category,
      kind: stored ? 'file' : 'link',
      file: stored?.file ?? null,
      url: stored ? '' : fields.url,
      body: stored?.body ?? '',
      at: deps.now().toISOString(),
      by: { id: member.id, name: member.name },
    })
  } catch (err) {
    if (stored) await deps.library.files.remove(stored.file.key)
    throw err
  }
}

/**
 * Changes an item: texts and category always; with a new file (or a new link) what it holds, the previous file
 * kept as an earlier version ('Önceki sürümler'). Returns the item and whether a file was replaced.
 */
export async function updateLibraryItem(
  deps: Deps,
  member: StoredMember,
  id: string,
  fields: LibraryItemFields,
  received: ReceivedFile | null,
): Promise<{ item: StoredLibraryItem; replacedFile: boolean }> {
  if (!deps.data.library.items.get(id)) {
    await received?.drop()
    fail(404, msg.notFound)
  }
  if (received && fields.url) {
    await received.drop()
    fail(400, msg.libraryFileAndLink, { file: msg.libraryFileAndLink })
  }
  const stored = received ? await storeFile(received) : null
  const current = deps.data.library.items.get(id)
  // A link item's address changes with the form; a file item without a new file keeps its file.
  const url = !stored && current?.kind === 'link' ? fields.url || current.url : undefined
  if (!stored && current?.kind === 'link' && !url)
    fail(400, msg.libraryFileOrLink, { url: msg.libraryFileOrLink })
  try {
    const result = deps.data.library.items.update(id, {
      title: fields.title,
      description: fields.description,
      category: fields.category,
      ...(stored ? { file: stored.file, body: stored.body } : url !== undefined ? { url } : {}),
      ...(!stored && fields.url && current?.kind === 'file' ? { url: fields.url, body: '' } : {}),
      at: deps.now().toISOString(),
      by: member.name,
      versionId: newId(),
    })
    if (!result) fail(404, msg.notFound)
    return { item: result.item, replacedFile: !!stored }
  } catch (err) {
    if (stored) await deps.library.files.remove(stored.file.key)
    throw err
  }
}

/** Deletes an item with its file and earlier files. */
export async function removeLibraryItem(deps: Deps, id: string): Promise<StoredLibraryItem> {
  const removed = deps.data.library.items.remove(id)
  if (!removed) fail(404, msg.notFound)
  for (const key of removed.fileKeys) await deps.library.files.remove(key)
  return removed.item
}
