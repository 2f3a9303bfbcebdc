import type { z } from 'zod'
import { fail } from '../lib/errors.ts'

/** Parses with a shared schema or fails with 400, the first Turkish message and one message per field. */
export function parseOrFail<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  fail(400, result.error.issues[0]?.message ?? 'Geçersiz veri.', fields)
}

/** Parses a multipart text field that carries JSON; bad JSON fails with 400. */
export function parseJsonField(value: unknown, fallback: unknown, message: string): unknown {
  if (value === undefined || value === null || value === '') return fallback
  if (typeof value !== 'string') fail(400, message)
  try {
    return JSON.parse(value)
  } catch {
    fail(400, message)
  }
}
