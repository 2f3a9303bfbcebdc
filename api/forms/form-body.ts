import type { Context } from 'hono'
import { msg } from '#schema/messages.ts'
import { fail } from '../lib/errors.ts'

/** A form body read with `all: true`: a repeated field becomes an array, in the order sent. */
export type FormBody = Record<string, string | File | (string | File)[]>

/** Text fields and files of a form, kept apart (see readFormParts). */
export type FormParts = { fields: Record<string, string>; files: Record<string, File> }

const FORM_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)/i

/** True when the request carries a form body (multipart or urlencoded). */
export function isFormRequest(c: Context): boolean {
  return FORM_TYPE.test(c.req.header('content-type') ?? '')
}

/** Hono's body parser with a malformed body answered by 400 instead of a 500. */
async function parse(c: Context, all: boolean): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody({ all })
  } catch {
    fail(400, msg.invalidBody)
  }
}

/** Reads a multipart or urlencoded body with every repeated value (another content type reads as empty). */
export async function readForm(c: Context): Promise<FormBody> {
  return (await parse(c, true)) as FormBody
}

/** One text field, or undefined when absent; a file or a repeated field is bad input. */
export function textField(body: FormBody, name: string): string | undefined {
  const value = body[name]
  if (value === undefined || typeof value === 'string') return value
  fail(400, msg.invalidBody, { [name]: msg.invalidBody })
}

/** The repeated file field, in the order sent (indexes matter: content items point at them). */
export function fileList(body: FormBody, name: string): File[] {
  const value = body[name]
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value]
  if (list.some((v) => !(v instanceof File))) fail(400, msg.invalidBody, { [name]: msg.invalidBody })
  return list as File[]
}

/**
 * Reads a form body (the last of repeated values counts); any other content type fails with 400. Files are
 * accepted only under `fileKeys`; a file under a text key is bad input, while text under a file key (e.g. ''
 * for "no file") and empty files are ignored.
 */
export async function readFormParts(c: Context, fileKeys: readonly string[] = []): Promise<FormParts> {
  if (!isFormRequest(c)) fail(400, msg.invalidBody)
  const parts: FormParts = { fields: {}, files: {} }
  for (const [key, value] of Object.entries(await parse(c, false))) {
    const isFile = typeof value !== 'string'
    if (fileKeys.includes(key)) {
      if (value instanceof File && value.size > 0) parts.files[key] = value
    } else if (isFile) {
      fail(400, msg.invalidBody)
    } else {
      parts.fields[key] = value
    }
  }
  return parts
}
