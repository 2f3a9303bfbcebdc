import { z } from 'zod'
import { FIELD_LABELS } from '#schema/field-labels.ts'
import { aboutSchema } from '#schema/about.ts'
import { blogPostSchema } from '#schema/blog.ts'
import { contactSettingsSchema } from '#schema/contact-settings.ts'
import { homeSchema } from '#schema/home.ts'
import { mediaItemSchema } from '#schema/media.ts'
import { programSchema } from '#schema/program.ts'
import { referenceCardSchema, referencesSchema } from '#schema/reference.ts'
import { socialProjectSchema } from '#schema/social-project.ts'
import type { FolderCollection } from '#schema/content-layout.ts'
import type { ContentName } from '../content-types.ts'
import { SLIDER_ID, type ItemRef } from '../content-items.ts'
import { firstClash } from './content-rules.ts'

/** Each content file with the shared schema the site build checks it against (schema/content.test.ts too). */
export const SCHEMAS: Record<ContentName, z.ZodType> = {
  'contact-settings': contactSettingsSchema,
  home: homeSchema,
  about: aboutSchema,
  references: referencesSchema,
  blogs: z.array(blogPostSchema),
  'social-projects': z.array(socialProjectSchema),
  programs: z.array(programSchema),
  media: z.array(mediaItemSchema),
}

/** Why a content file changed outside the API was refused: the file, the field and what is wrong with it. */
export type ContentFileError = { file: string; field: string; message: string }

/** Turns a z.issue path into the field name people read: 'cards[2].title'. */
export const fieldOf = (path: readonly PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '')

/**
 * Why a text is not JSON, in Turkish and with the line, never with the text itself: JSON.parse's own message
 * quotes the file's first characters, and a file from git may be anything (a link to /etc/passwd).
 */
function jsonError(err: unknown, text: string): string {
  const position = /position (\d+)/.exec(String((err as Error)?.message))?.[1]
  if (position === undefined) return 'Geçersiz JSON: dosya boş, yarım kalmış ya da bozuk'
  const line = text.slice(0, Number(position)).split('\n').length
  return `Geçersiz JSON (satır ${line}): dosya yarım kalmış ya da bozuk`
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)

/**
 * The parsed value with its keys in the order the file had them (zod returns them in the schema's order), so a
 * later save rewrites the file without reordering every entry. Keys the schema dropped stay dropped; keys it added
 * (defaults) come last.
 */
export function inInputOrder(parsed: unknown, raw: unknown): unknown {
  if (Array.isArray(parsed)) return parsed.map((v, i) => inInputOrder(v, Array.isArray(raw) ? raw[i] : undefined))
  if (!isPlain(parsed) || !isPlain(raw)) return parsed
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(raw)) if (key in parsed) out[key] = inInputOrder(parsed[key], raw[key])
  for (const key of Object.keys(parsed)) if (!(key in out)) out[key] = parsed[key]
  return out
}

/**
 * Parses and checks a content file's text; the data is what the schema made of it (unknown keys dropped), never
 * the raw JSON, so nothing unchecked is served or published. The error names the file and the first wrong field.
 */
export function checkContentFile(
  name: ContentName,
  text: string,
): { ok: true; data: unknown } | { ok: false; error: ContentFileError } {
  const file = `${name}.json`
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return { ok: false, error: { file, field: '', message: jsonError(err, text) } }
  }
  const result = SCHEMAS[name].safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]!
    return { ok: false, error: { file, field: fieldOf(issue.path), message: issue.message } }
  }
  const data = inInputOrder(result.data, raw)
  // What no single entry shows: two entries with one id or one address (one of them could never be reached).
  const clash = firstClash(name, data)
  return clash ? { ok: false, error: { file, ...clash } } : { ok: true, data }
}

/**
 * Checks one item file of a folder collection (decision 333), named by its path in every error: JSON, the entry's
 * schema, and its id, which must be the file's name (else the post would live under one id and its file under
 * another). The collection rules (ids and addresses unique) are checked on the assembled list.
 */
export function checkEntryFile(
  name: FolderCollection,
  id: string,
  path: string,
  text: string,
): { ok: true; data: unknown } | { ok: false; error: ContentFileError } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return { ok: false, error: { file: path, field: '', message: jsonError(err, text) } }
  }
  const result = (SCHEMAS[name] as z.ZodArray<z.ZodType>).element.safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]!
    return { ok: false, error: { file: path, field: fieldOf(issue.path), message: issue.message } }
  }
  const data = inInputOrder(result.data, raw) as { id?: unknown }
  if (data.id !== id) return { ok: false, error: { file: path, field: 'id', message: ENTRY_ID_MISMATCH(id) } }
  return { ok: true, data }
}

/** Checks a folder collection's order file: a list of ids. */
export function checkOrderFile(path: string, text: string): { ok: true; ids: string[] } | { ok: false; error: ContentFileError } {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return { ok: false, error: { file: path, field: '', message: jsonError(err, text) } }
  }
  if (!Array.isArray(raw) || !raw.every((id) => typeof id === 'string'))
    return { ok: false, error: { file: path, field: '', message: 'Kimlik listesi bekleniyordu' } }
  return { ok: true, ids: raw }
}

/** Why an item file's id is refused: it must be the file's own name. */
export const ENTRY_ID_MISMATCH = (id: string) => `Dosya adındaki kimlik (${id}) bekleniyordu`

/** The schema of one item: a list entry, a home section or a whole document. */
function itemSchema(ref: ItemRef): z.ZodType {
  const schema = SCHEMAS[ref.name]
  if (ref.name === 'references' && ref.id === SLIDER_ID) return referencesSchema.shape.sliderImages
  if (ref.name === 'references') return referenceCardSchema
  if (schema instanceof z.ZodArray) return schema.element as z.ZodType
  if (ref.name === 'home') return homeSchema.shape[ref.id as keyof typeof homeSchema.shape]
  return schema
}

/** Checks one item (a version from history before a restore writes it): its parsed value, or the first error. */
export function checkItem(
  ref: ItemRef,
  item: unknown,
): { ok: true; data: unknown } | { ok: false; field: string; label: string; message: string } {
  const result = itemSchema(ref).safeParse(item)
  if (result.success) return { ok: true, data: inInputOrder(result.data, item) }
  const issue = result.error.issues[0]!
  // The admin reads the field by the name its form shows ('Başlık'), never by its key.
  const key = issue.path.find((p) => typeof p === 'string') as string | undefined
  const label = key === undefined ? '' : (FIELD_LABELS[key] ?? key)
  return { ok: false, field: fieldOf(issue.path), label, message: issue.message }
}

/** The refusal as one line for the server log and the admin's status. */
export const describeFileError = (e: ContentFileError) =>
  `${e.file} reddedildi${e.field ? `, alan "${e.field}"` : ''}: ${e.message}. Son geçerli içerik yayında kalıyor.`
