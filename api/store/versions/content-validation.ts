import { z } from 'zod'
import { aboutSchema } from '#schema/about.ts'
import { blogPostSchema } from '#schema/blog.ts'
import { contactSettingsSchema } from '#schema/contact-settings.ts'
import { homeSchema } from '#schema/home.ts'
import { mediaItemSchema } from '#schema/media.ts'
import { programSchema } from '#schema/program.ts'
import { referencesSchema } from '#schema/reference.ts'
import { socialProjectSchema } from '#schema/social-project.ts'
import type { ContentName } from '../content-store.ts'

/** Each content file with the shared schema the site build checks it against (schema/content.test.ts too). */
const SCHEMAS: Record<ContentName, z.ZodType> = {
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

/** Parses and checks a content file's text; the error names the file and the first wrong field. */
export function checkContentFile(
  name: ContentName,
  text: string,
): { ok: true; data: unknown } | { ok: false; error: ContentFileError } {
  const file = `${name}.json`
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch (err) {
    return { ok: false, error: { file, field: '', message: `Geçersiz JSON: ${(err as Error).message}` } }
  }
  const result = SCHEMAS[name].safeParse(raw)
  if (result.success) return { ok: true, data: raw }
  const issue = result.error.issues[0]
  const field = issue.path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .replace(/^\./, '')
  return { ok: false, error: { file, field, message: issue.message } }
}

/** The refusal as one line for the server log and the admin's status. */
export const describeFileError = (e: ContentFileError) =>
  `${e.file} reddedildi${e.field ? `, alan "${e.field}"` : ''}: ${e.message}. Son geçerli içerik yayında kalıyor.`
