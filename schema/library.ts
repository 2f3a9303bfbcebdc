import { z } from 'zod'
import { id, isHttpUrl, line, optionalText, requiredLine } from './common.ts'
import { pagingSchema } from './list-query.ts'
import { msg } from './messages.ts'

/** Items per page of the members' library list when the client names none, and the largest page it answers. */
export const LIBRARY_PAGE_SIZE = 20
export const LIBRARY_MAX_PAGE_SIZE = 100

/** A library item is a stored file or a link to elsewhere. */
export const libraryKinds = ['file', 'link'] as const
export type LibraryKind = (typeof libraryKinds)[number]

/** A category of the library: library admins create, rename, order and delete them. */
export type LibraryCategory = { id: string; name: string; position: number; items: number }

/** An item as the API answers it (GET /api/library/items and /:id). */
export type LibraryItem = {
  id: string
  title: string
  description: string
  /** Category id, or '' for none. */
  category: string
  kind: LibraryKind
  /** The file's name as uploaded ('e-Fatura Kılavuzu.pdf'); '' for a link. */
  fileName: string
  /** Bytes of the file; 0 for a link. */
  size: number
  /** The type found in the bytes ('application/pdf'); '' for a link. */
  mime: string
  /** Only for links: where the item points. */
  url?: string
  createdAt: string
  updatedAt: string
  /** Who added it (a member's name). */
  createdBy: string
  downloads: number
}

/** An earlier file of an item, kept when the file was replaced ('Önceki sürümler', library admins only). */
export type LibraryFileVersion = {
  id: string
  fileName: string
  size: number
  mime: string
  replacedAt: string
  replacedBy: string
}

/** Text fields of POST/PUT /api/library/items (multipart; `file` travels beside them). */
export const libraryItemFieldsSchema = z.object({
  title: requiredLine(msg.libraryTitleRequired).pipe(z.string().max(200, { error: msg.libraryTitleTooLong })),
  description: optionalText(2000).pipe(z.string().max(2000, { error: msg.libraryDescriptionTooLong })),
  /** A category id or '' for none. */
  category: z
    .union([z.literal(''), id])
    .optional()
    .default(''),
  /** For a link item: an http(s) address; '' when a file is sent. */
  url: z
    .string()
    .trim()
    .max(2048, { error: msg.invalidUrl })
    .optional()
    .default('')
    .refine((v) => v === '' || isHttpUrl(v), { error: msg.invalidUrl }),
})
export type LibraryItemFields = z.output<typeof libraryItemFieldsSchema>

/** Body of POST and PUT /api/library/categories. */
export const libraryCategoryInputSchema = z.object({
  name: requiredLine(msg.libraryCategoryRequired).pipe(
    z.string().max(80, { error: msg.libraryCategoryTooLong }),
  ),
  /** Where it stands in the list (0 first); absent keeps the place (or puts a new one last). */
  position: z.number().int().min(0).max(10_000).optional(),
})

/** Query of DELETE /api/library/categories/:id: where its items go first ('' = no category). */
export const libraryCategoryDeleteSchema = z.object({
  moveTo: z.union([z.literal(''), id]).optional(),
})

/** Query of GET /api/library/items: words, a category, paging. */
export const libraryListQuerySchema = pagingSchema(LIBRARY_PAGE_SIZE, LIBRARY_MAX_PAGE_SIZE).extend({
  q: line().trim().max(200, { error: msg.listQueryTooLong }).optional().default(''),
  category: z
    .union([z.literal(''), id])
    .optional()
    .default(''),
})
export type LibraryListQuery = z.output<typeof libraryListQuerySchema>

/** Types a library file may have, named as people know them (the 'Yeni belge' hint and the refusal message). */
export const LIBRARY_TYPES_TEXT = 'PDF, Word, Excel, PowerPoint, OpenDocument, XML, CSV, TXT, ZIP, PNG, JPEG'
/** The file input's accept list (a hint for the file dialog; the server checks the bytes). */
export const LIBRARY_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.xml,.csv,.txt,.zip,.png,.jpg,.jpeg'
