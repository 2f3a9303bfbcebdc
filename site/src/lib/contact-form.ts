import { contactMessageInputSchema } from '#schema/contact-message.ts'

/** The five fields of the public contact form (spec sections 2 and 5). */
export const contactFields = ['name', 'email', 'phone', 'subject', 'message'] as const
export type ContactField = (typeof contactFields)[number]
export type ContactValues = Record<ContactField, string>

export const emptyContact: ContactValues = { name: '', email: '', phone: '', subject: '', message: '' }

/** The submit button is enabled only when all five fields are non-blank. */
export function isContactComplete(values: ContactValues): boolean {
  return contactFields.every((field) => values[field].trim() !== '')
}

/** The values as sent: trimmed, so stray spaces never reach the server. */
export function contactPayload(values: ContactValues): ContactValues {
  return Object.fromEntries(contactFields.map((field) => [field, values[field].trim()])) as ContactValues
}

/**
 * Why a field's value would be refused, in the shared schema's Turkish ('Geçerli bir e-posta adresi giriniz.',
 * 'Bu alan zorunludur.'), or null: the form says so when the field loses focus, before anything is sent.
 */
export function contactFieldError(field: ContactField, value: string): string | null {
  // Parsed under its own name, so the message names the field ('Mesaj en fazla 5.000 karakter olabilir.').
  const one = contactMessageInputSchema.pick({ [field]: true } as Record<ContactField, true>)
  const result = one.safeParse({ [field]: value.trim() })
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}

/** Every field's error, for a send attempt (empty when the form may be sent). */
export function contactErrors(values: ContactValues): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {}
  for (const field of contactFields) {
    const error = contactFieldError(field, values[field])
    if (error) errors[field] = error
  }
  return errors
}

/** What the form says under 'Gönder' while it cannot be sent (null when it can). */
export function contactBlockedReason(values: ContactValues, errors: Record<string, string>): string | null {
  if (Object.keys(errors).length > 0) return 'Göndermek için işaretli alanları düzeltin.'
  if (!isContactComplete(values)) return 'Göndermek için tüm alanları doldurun.'
  return null
}
