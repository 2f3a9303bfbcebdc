import type { Context } from 'hono'
import { msg } from '#schema/messages.ts'
import { fail } from './errors.ts'

/** A multipart body parsed with `all: true`: repeated fields become arrays. */
export type FormBody = Record<string, string | File | (string | File)[]>

/** Reads a multipart (or urlencoded) body; a malformed body answers 400, never 500. */
export async function readForm(c: Context): Promise<FormBody> {
  try {
    return (await c.req.parseBody({ all: true })) as FormBody
  } catch {
    fail(400, msg.invalidBody)
  }
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
