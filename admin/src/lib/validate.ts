import type { z } from 'zod'
import { msg } from '#schema/messages.ts'

export type FieldErrors = Record<string, string>

/** Checks form values with a shared schema; field errors are keyed by path ('socialLinks.linkedin'), first per path. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; fields: FieldErrors } {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const fields: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_form'
    fields[key] ??= issue.message
  }
  return { ok: false, fields }
}

/** A blank required password reads 'Bu alan zorunludur.' rather than the minimum-length text. */
export function requirePassword(fields: FieldErrors, password: string): FieldErrors {
  return password === '' && fields.password ? { ...fields, password: msg.required } : fields
}
