import type { Context } from 'hono'
import { msg } from '#schema/messages.ts'
import { fail } from './errors.ts'

/** Text fields and files of a multipart (or urlencoded) body, kept apart. */
export type FormBody = { fields: Record<string, string>; files: Record<string, File> }

const FORM_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)/i

/** True when the request carries a form body (multipart or urlencoded). */
export function isFormRequest(c: Context): boolean {
  return FORM_TYPE.test(c.req.header('content-type') ?? '')
}

/**
 * Reads a form body; a malformed one fails with 400 instead of a 500. Files are accepted only under
 * `fileKeys`; a file under a text key is bad input, and text under a file key (e.g. '' for "no file") is ignored.
 */
export async function readForm(c: Context, fileKeys: readonly string[] = []): Promise<FormBody> {
  if (!isFormRequest(c)) fail(400, msg.invalidBody)
  let raw: Record<string, string | File>
  try {
    raw = (await c.req.parseBody()) as Record<string, string | File>
  } catch {
    fail(400, msg.invalidBody)
  }
  const body: FormBody = { fields: {}, files: {} }
  for (const [key, value] of Object.entries(raw)) {
    const isFile = typeof value !== 'string'
    if (fileKeys.includes(key)) {
      if (isFile && value.size > 0) body.files[key] = value
    } else if (isFile) {
      fail(400, msg.invalidBody)
    } else {
      body.fields[key] = value
    }
  }
  return body
}
